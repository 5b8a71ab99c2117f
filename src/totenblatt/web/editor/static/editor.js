// The table editor: build a scenario by pointing; every rule comes from the server's door.
//
// The page holds the table being made (pieces, starting spots, titles) and writes it as a
// scenario file (TOML). The server checks that file with the loader, answers what a spot
// sees (cover, line of fire, range, hiding), warns, runs the bots, saves it. The page only
// draws those answers: it computes no rule.

import { OPERATOR_KEY } from "/static/js/api_request.js";
import { button as siteButton, el, readJson, svg, t } from "/static/js/util.js";
import {
  addOpening, bounds, History, corners, fmt, freshModel as emptyModel, fromTable, inside as onTable, movePiece, newFigure, newPiece,
  openingEnds, resizePiece, rotatePiece, snap, toToml as tomlOf,
} from "/editor/static/editor_model.js";

const BOOT = readJson("boot") || { lang: "en", kinds: [], weapons: [] };
const LANG = BOOT.lang;
const SIDE_COLOURS = ["#b8432f", "#2f5fb8", "#2f8f4e", "#8f6f2f", "#7a3fa0", "#2f8f8f", "#a03f6f", "#555"];
const HANDLE_PX = 22; // a handle's radius on screen: 44 px to point at

const board = document.getElementById("board");
let model = freshModel();
const edits = new History();
let selected = null; // {type: "piece" | "figure", id}
let tool = { name: "select" };
let nextId = 1;
let drag = null;
let checkTimer = null;
let checkSerial = 0;
let sightSpot = null;
let sightAnswer = null;
const status = { checked: 0, valid: null, error: null, warnings: [], sight: 0, saved: null, balance: null };

// -- the model ------------------------------------------------------------------------

/** A new table: two figures on an empty 24" square. */
function freshModel() {
  return emptyModel(defaultWeapon());
}

function defaultWeapon() {
  return BOOT.weapons.length ? BOOT.weapons[0][0] : "colt";
}

function newId(prefix) {
  nextId += 1;
  return `${prefix}${nextId}-${Date.now().toString(36)}`;
}

function snapshot() {
  return JSON.stringify(model);
}

function commit(before) {
  if (edits.record(before, snapshot())) changed();
}

function change(mutate) {
  const before = snapshot();
  mutate();
  commit(before);
}

/** Go to ``other`` (a model undone or redone; null: none). */
function travel(other) {
  if (!other) return;
  model = other;
  changed();
}

function undo() {
  travel(edits.undo(snapshot()));
}

function redo() {
  travel(edits.redo(snapshot()));
}

function pieceById(id) {
  return model.pieces.find((p) => p.id === id);
}

function figureById(id) {
  return model.figures.find((f) => f.id === id);
}

/** The table as a scenario file. */
function toToml() {
  return tomlOf(model);
}

// -- talking to the server ------------------------------------------------------------

async function post(path, body, headers = {}, method = "POST") {
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = { error: response.statusText };
  }
  return { ok: response.ok, status: response.status, data };
}

function changed() {
  render();
  document.getElementById("toml").value = toToml();
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, 250);
}

async function check() {
  checkSerial += 1;
  const serial = checkSerial;
  const verdict = document.getElementById("verdict");
  verdict.textContent = t("checking");
  const answer = await post(`/api/scenarios/check?lang=${LANG}`, { toml: toToml() });
  if (serial !== checkSerial) return;
  const list = document.getElementById("warnings");
  list.replaceChildren();
  if (answer.ok) {
    status.valid = true;
    status.error = null;
    status.warnings = answer.data.warnings;
    verdict.className = "ok";
    verdict.textContent = t("valid");
    if (!answer.data.warnings.length) list.append(el("li", { class: "none" }, t("no_warnings")));
    for (const text of answer.data.warnings) list.append(el("li", { class: "warning" }, text));
    if (sightSpot) await sight(sightSpot);
  } else {
    status.valid = false;
    status.error = answer.data.error;
    status.warnings = [];
    verdict.className = "bad";
    verdict.replaceChildren(el("b", {}, t("invalid")), " ", answer.data.error || "");
    sightAnswer = null;
    renderSight();
  }
  status.checked = serial;
}

async function sight(spot) {
  const answer = await post("/api/scenarios/sight", { toml: toToml(), spot });
  const box = document.getElementById("sight");
  if (!answer.ok) {
    sightAnswer = null;
    box.replaceChildren(el("p", { class: "bad" }, t("error", { error: answer.data.error })));
  } else {
    sightAnswer = answer.data;
    const spots = Object.keys(sightAnswer.cover).length;
    box.replaceChildren(
      el("h3", {}, t("sight_from", { x: fmt(spot[0]), y: fmt(spot[1]) })),
      el("p", {}, sightAnswer.can_hide ? t("can_hide") : t("cannot_hide")),
      el("p", {}, t("visible_count", { visible: sightAnswer.visible.length, spots, range: sightAnswer.in_range.length })),
      legend(),
      el("button", { type: "button", class: "btn", id: "sight-clear", onclick: clearSight }, t("clear_sight")),
    );
  }
  status.sight += 1;
  renderSight();
}

function legend() {
  const items = ["none", "light", "medium", "hard"].map((level) =>
    el("li", {}, el("span", { class: `swatch cover-${level}` }), t(`cover_${level}`)));
  items.push(el("li", {}, el("span", { class: "swatch unseen" }), t("out_of_sight")));
  items.push(el("li", {}, el("span", { class: "swatch hide" }), t("hide_here")));
  return el("div", {}, el("p", {}, t("legend")), el("ul", { class: "legend" }, items));
}

function clearSight() {
  sightSpot = null;
  sightAnswer = null;
  document.getElementById("sight").replaceChildren(el("p", { class: "hint" }, t("sight_hint")));
  renderSight();
}

async function runBalance() {
  const out = document.getElementById("balance-out");
  out.textContent = t("balance_running");
  status.balance = null;
  const answer = await post("/api/scenarios/balance", { toml: toToml() });
  if (!answer.ok) {
    out.replaceChildren(el("p", { class: "bad" }, t("error", { error: answer.data.error })));
    status.balance = "error";
    return;
  }
  const d = answer.data;
  const pct = (v) => String(Math.round(v * 100));
  out.replaceChildren(
    el("p", {}, t("balance_result", { games: d.games })),
    el("ul", {}, d.seats.map((s) => el("li", { dataset: { seat: s.seat } },
      t("balance_side", { side: s.seat + 1, rate: pct(s.rate), low: pct(s.low), high: pct(s.high) })))),
    el("p", {}, t("balance_draws", { draws: d.draws })),
  );
  status.balance = d;
}

async function save() {
  const out = document.getElementById("save-out");
  const name = document.getElementById("save-name").value.trim();
  const token = document.getElementById("save-token").value.trim();
  const answer = await post(`/api/scenarios/${encodeURIComponent(name)}`, { toml: toToml() },
    token ? { Authorization: `Bearer ${token}` } : {}, "PUT");
  if (answer.ok) {
    status.saved = name;
    out.replaceChildren(el("p", { class: "ok" }, t("saved", { name })));
    document.getElementById("play").hidden = false;
    loadList();
  } else {
    out.replaceChildren(el("p", { class: "bad" }, t("error", { error: answer.data.error })));
  }
}

async function play() {
  const seats = ["human"];
  for (let i = 1; i < model.meta.seats; i += 1) seats.push("bot");
  const answer = await post("/api/games", { scenario: status.saved, seats, lang: LANG });
  if (answer.ok) window.location.assign(answer.data.seats[0].url);
  else document.getElementById("save-out").replaceChildren(el("p", { class: "bad" }, t("error", { error: answer.data.error })));
}

function download() {
  const blob = new Blob([toToml()], { type: "application/toml" });
  const link = el("a", { href: URL.createObjectURL(blob), download: `${document.getElementById("save-name").value.trim() || "table"}.toml` });
  document.body.append(link);
  link.click();
  link.remove();
}

async function loadList() {
  const response = await fetch(`/api/scenarios?lang=${LANG}`);
  const data = await response.json();
  const select = document.getElementById("open-name");
  select.replaceChildren(...data.scenarios.map((s) => el("option", { value: s.name }, `${s.title} (${s.name})`)));
}

async function openScenario(name) {
  const response = await fetch(`/api/scenarios/${encodeURIComponent(name)}`);
  const found = await response.json();
  if (!response.ok) {
    document.getElementById("verdict").textContent = t("error", { error: found.error });
    return;
  }
  const answer = await post(`/api/scenarios/check?lang=${LANG}`, { toml: found.toml, name });
  if (!answer.ok) {
    document.getElementById("verdict").textContent = t("error", { error: answer.data.error });
    return;
  }
  model = fromTable(answer.data.table, newId);
  edits.clear();
  selected = null;
  clearSight();
  document.getElementById("save-name").value = found.builtin ? "" : name;
  status.opened = { name, toml: found.toml };
  changed();
}

// -- drawing ----------------------------------------------------------------------------

const Y = (y) => model.meta.height - y;

function screenScale() {
  const ctm = board.getScreenCTM();
  return ctm ? Math.abs(ctm.a) || 1 : 1;
}

function render() {
  const { width, height } = model.meta;
  board.setAttribute("viewBox", `-1 -1 ${width + 2} ${height + 2}`);
  board.dataset.width = width;
  board.dataset.height = height;
  const layers = [svg("rect", { x: 0, y: 0, width, height, class: "cloth" })];
  for (let x = 1; x < width; x += 1) layers.push(svg("line", { x1: x, y1: 0, x2: x, y2: height, class: x % 6 ? "grid" : "grid bold" }));
  for (let y = 1; y < height; y += 1) layers.push(svg("line", { x1: 0, y1: Y(y), x2: width, y2: Y(y), class: y % 6 ? "grid" : "grid bold" }));
  for (const piece of model.pieces) {
    const points = corners(piece).map(([x, y]) => `${x},${Y(y)}`).join(" ");
    const chosen = selected && selected.type === "piece" && selected.id === piece.id;
    const group = svg("g", { class: `piece kind-${piece.kind}${chosen ? " chosen" : ""}`, dataset: { piece: piece.id, kind: piece.kind } },
      svg("polygon", { points }),
      piece.openings.map((o) => {
        const [a, b] = openingEnds(piece, o);
        return svg("line", { x1: a[0], y1: Y(a[1]), x2: b[0], y2: Y(b[1]), class: `opening ${o.kind}` });
      }),
      svg("title", {}, `${piece.name} — ${t(`kind_${piece.kind}`)}`));
    layers.push(group);
  }
  layers.push(svg("g", { id: "heat" })); // above the terrain, below the figures
  for (const f of model.figures) {
    const chosen = selected && selected.type === "figure" && selected.id === f.id;
    layers.push(svg("g", { class: `figure${chosen ? " chosen" : ""}`, dataset: { figure: f.id, seat: f.seat } },
      svg("circle", { cx: f.position[0], cy: Y(f.position[1]), r: 0.5, fill: SIDE_COLOURS[f.seat % 8] }),
      svg("text", { x: f.position[0], y: Y(f.position[1]) - 0.7, class: "label" }, f.name)));
  }
  layers.push(svg("g", { id: "sight-layer" }));
  layers.push(svg("g", { id: "handles" }));
  board.replaceChildren(...layers);
  renderHandles();
  renderSight();
  renderProps();
  renderFields();
  document.getElementById("undo").disabled = !edits.back.length;
  document.getElementById("redo").disabled = !edits.ahead.length;
  for (const button of document.querySelectorAll("[data-tool], [data-place], [data-side]")) {
    const on = (button.dataset.tool && button.dataset.tool === tool.name)
      || (button.dataset.place && tool.name === "place" && tool.kind === button.dataset.place)
      || (button.dataset.side && tool.name === "figure" && String(tool.seat) === button.dataset.side);
    button.classList.toggle("on", Boolean(on));
    button.setAttribute("aria-pressed", on ? "true" : "false");
  }
}

function renderHandles() {
  const layer = document.getElementById("handles");
  if (!layer || !selected || selected.type !== "piece") return;
  const piece = pieceById(selected.id);
  if (!piece) return;
  const r = HANDLE_PX / screenScale();
  const [, , x1, y1] = bounds(corners(piece));
  const [x0] = bounds(corners(piece));
  layer.replaceChildren(
    svg("circle", { cx: x1, cy: Y(y1), r, class: "handle resize", dataset: { handle: "resize" } }),
    svg("circle", { cx: x0, cy: Y(y1), r, class: "handle rotate", dataset: { handle: "rotate" } },
      svg("title", {}, t("rotate"))),
  );
}

function renderSight() {
  const heat = document.getElementById("heat");
  const marks = document.getElementById("sight-layer");
  if (!heat || !marks) return;
  if (!sightAnswer) {
    heat.replaceChildren();
    marks.replaceChildren();
    return;
  }
  const step = sightAnswer.step;
  const visible = new Set(sightAnswer.visible.map((p) => `${p[0]},${p[1]}`));
  const cells = [];
  for (const [key, level] of Object.entries(sightAnswer.cover)) {
    const [x, y] = key.split(",").map(Number);
    const seen = visible.has(`${x},${y}`);
    cells.push(svg("rect", {
      x: x - step / 2, y: Y(y + step / 2), width: step, height: step,
      class: seen ? `cell cover-${level}` : "cell unseen", dataset: { spot: key, cover: level, seen: seen ? "1" : "0" },
    }));
  }
  heat.replaceChildren(...cells);
  const dots = sightAnswer.hiding.map(([x, y]) => svg("circle", { cx: x, cy: Y(y), r: 0.12, class: "hide-dot" }));
  const [sx, sy] = sightAnswer.spot;
  dots.push(svg("circle", { cx: sx, cy: Y(sy), r: 0.5, class: "spot" }));
  marks.replaceChildren(...dots);
}

// -- the side panel -----------------------------------------------------------------------

function input(label, value, onchange, attrs = {}) {
  const field = el("input", { value: value ?? "", ...attrs });
  field.addEventListener("change", () => onchange(field.value));
  return el("label", {}, label, field);
}

function choice(label, options, value, onchange) {
  const select = el("select", {}, options.map(([v, text]) => el("option", { value: v, selected: String(v) === String(value) }, text)));
  select.addEventListener("change", () => onchange(select.value));
  return el("label", {}, label, select);
}

function button(text, onclick, attrs = {}) {
  return siteButton(text, onclick, "btn", attrs);
}

function renderFields() {
  const m = model.meta;
  const set = (key, parse = (v) => v) => (value) => change(() => { m[key] = parse(value); });
  const number = (low, high) => (v) => Math.min(high, Math.max(low, snap(Number(v) || low)));
  const whole = (low, high) => (v) => Math.min(high, Math.max(low, Math.round(Number(v) || low)));
  document.getElementById("fields").replaceChildren(
    input(t("scenario_title"), m.title, set("title"), { id: "field-title" }),
    input(t("scenario_title_de"), m.title_de, set("title_de"), { id: "field-title-de" }),
    input(t("description"), m.description, set("description")),
    input(t("description_de"), m.description_de, set("description_de")),
    input(t("width"), m.width, set("width", number(6, 240)), { type: "number", step: "0.5", min: "6", max: "240", id: "field-width" }),
    input(t("height"), m.height, set("height", number(6, 240)), { type: "number", step: "0.5", min: "6", max: "240", id: "field-height" }),
    input(t("sides"), m.seats, (v) => change(() => { m.seats = whole(2, 8)(v); m.teams = null; renderPalette(); }), { type: "number", min: "2", max: "8" }),
    input(t("round_limit"), m.round_limit, set("round_limit", whole(0, 1000)), { type: "number", min: "0", max: "1000" }),
  );
}

function renderProps() {
  const box = document.getElementById("props");
  if (!selected) {
    box.replaceChildren(el("p", { class: "hint" }, t("nothing_selected")));
    return;
  }
  if (selected.type === "figure") {
    const f = figureById(selected.id);
    if (!f) return;
    const sides = Array.from({ length: model.meta.seats }, (_, s) => [s, t("side", { side: s + 1 })]);
    box.replaceChildren(
      input(t("name"), f.name, (v) => change(() => { f.name = v; })),
      choice(t("sides"), sides, f.seat, (v) => change(() => { f.seat = Number(v); })),
      choice(t("weapon"), BOOT.weapons, f.weapon, (v) => change(() => { f.weapon = v; })),
      button(t("delete"), () => change(() => { model.figures = model.figures.filter((g) => g !== f); selected = null; }), { id: "delete" }),
    );
    return;
  }
  const piece = pieceById(selected.id);
  if (!piece) return;
  const parts = [
    input(t("name"), piece.name, (v) => change(() => { piece.name = v; })),
    input(t("name_de"), piece.name_de, (v) => change(() => { piece.name_de = v; })),
    choice(t("kind"), BOOT.kinds.map((k) => [k, t(`kind_${k}`)]), piece.kind, (v) => change(() => {
      piece.kind = v;
      piece.changed = {};
      if (v !== "building") piece.openings = [];
    })),
    el("div", { class: "row" },
      button(t("rotate"), () => change(() => rotatePiece(piece, 15)), { id: "rotate" }),
      button(t("wider"), () => change(() => resizePiece(piece, 0.5, 0))),
      button(t("narrower"), () => change(() => resizePiece(piece, -0.5, 0))),
      button(t("taller"), () => change(() => resizePiece(piece, 0, 0.5))),
      button(t("shorter"), () => change(() => resizePiece(piece, 0, -0.5))),
      button(t("delete"), () => change(() => { model.pieces = model.pieces.filter((p) => p !== piece); selected = null; }), { id: "delete" })),
  ];
  if (piece.kind === "building") {
    const add = (kind) => () => change(() => addOpening(piece, kind));
    parts.push(el("div", { class: "row" }, button(t("add_door"), add("door")), button(t("add_window"), add("window"))));
    piece.openings.forEach((o, index) => {
      const row = [el("b", {}, t(o.kind))];
      if (o.side) {
        row.push(
          choice(t("opening_side"), ["south", "north", "west", "east"].map((s) => [s, t(s)]), o.side, (v) => change(() => { o.side = v; })),
          input(t("opening_at"), o.at, (v) => change(() => { o.at = Math.max(0, snap(Number(v) || 0)); }), { type: "number", step: "0.5", min: "0" }),
          input(t("opening_width"), o.width, (v) => change(() => { o.width = Math.max(0.5, snap(Number(v) || 1.5)); }), { type: "number", step: "0.5", min: "0.5" }),
        );
      }
      row.push(button(t("delete"), () => change(() => { piece.openings.splice(index, 1); })));
      parts.push(el("div", { class: "opening-row" }, row));
    });
  }
  box.replaceChildren(...parts);
}

function renderPalette() {
  const palette = document.getElementById("palette");
  palette.replaceChildren(...BOOT.kinds.map((kind) => button(t(`kind_${kind}`), () => setTool({ name: "place", kind }), { dataset: { place: kind }, class: `btn kind kind-${kind}` })));
  const figures = document.getElementById("figures");
  figures.replaceChildren(...Array.from({ length: model.meta.seats }, (_, seat) =>
    button(t("figure_of_side", { side: seat + 1 }), () => setTool({ name: "figure", seat }), { dataset: { side: seat } })));
}

function setTool(next) {
  tool = next;
  render();
}

// -- pointing -----------------------------------------------------------------------------

function tablePoint(event) {
  const p = board.createSVGPoint();
  p.x = event.clientX;
  p.y = event.clientY;
  const q = p.matrixTransform(board.getScreenCTM().inverse());
  return [q.x, model.meta.height - q.y];
}

function inside(point) {
  return onTable(model.meta, point);
}

function place(point) {
  const [x, y] = inside(point.map(snap));
  if (tool.name === "place") {
    const piece = newPiece(model, tool.kind, [x, y], t(`kind_${tool.kind}`), newId("p"));
    change(() => { model.pieces.push(piece); selected = { type: "piece", id: piece.id }; });
  } else if (tool.name === "figure") {
    const figure = newFigure(model, tool.seat, [x, y], defaultWeapon(), newId("f"));
    change(() => { model.figures.push(figure); selected = { type: "figure", id: figure.id }; });
  }
  tool = { name: "select" };
  render();
}

board.addEventListener("pointerdown", (event) => {
  if (event.button !== undefined && event.button > 0) return;
  const point = tablePoint(event);
  if (tool.name === "place" || tool.name === "figure") {
    place(point);
    return;
  }
  if (tool.name === "sight") {
    sightSpot = inside(point.map(snap));
    sight(sightSpot);
    return;
  }
  const target = event.target.closest("[data-handle], [data-figure], [data-piece]");
  if (!target) {
    selected = null;
    render();
    return;
  }
  if (target.dataset.handle === "rotate") {
    const piece = pieceById(selected.id);
    change(() => rotatePiece(piece, 15));
    return;
  }
  const before = snapshot();
  if (target.dataset.handle === "resize") {
    drag = { kind: "resize", id: selected.id, start: point, before, original: JSON.stringify(pieceById(selected.id)) };
  } else if (target.dataset.figure) {
    selected = { type: "figure", id: target.dataset.figure };
    drag = { kind: "figure", id: target.dataset.figure, start: point, before, original: figureById(target.dataset.figure).position };
  } else {
    selected = { type: "piece", id: target.dataset.piece };
    drag = { kind: "piece", id: target.dataset.piece, start: point, before, original: JSON.stringify(pieceById(target.dataset.piece)) };
  }
  board.setPointerCapture(event.pointerId);
  render();
  event.preventDefault();
});

board.addEventListener("pointermove", (event) => {
  if (!drag) return;
  const point = tablePoint(event);
  const dx = snap(point[0] - drag.start[0]);
  const dy = snap(point[1] - drag.start[1]);
  if (drag.kind === "figure") {
    const f = figureById(drag.id);
    f.position = inside([drag.original[0] + dx, drag.original[1] + dy]);
  } else {
    const index = model.pieces.findIndex((p) => p.id === drag.id);
    const piece = JSON.parse(drag.original);
    if (drag.kind === "piece") movePiece(piece, dx, dy);
    else resizePiece(piece, dx, dy);
    model.pieces[index] = piece;
  }
  drag.moved = true;
  render();
});

function endDrag() {
  if (!drag) return;
  const { before, moved } = drag;
  drag = null;
  if (moved) commit(before);
}

board.addEventListener("pointerup", endDrag);
board.addEventListener("pointercancel", endDrag);

document.querySelector("[data-tool=select]").addEventListener("click", () => setTool({ name: "select" }));
document.querySelector("[data-tool=sight]").addEventListener("click", () => setTool({ name: "sight" }));
document.getElementById("undo").addEventListener("click", undo);
document.getElementById("redo").addEventListener("click", redo);
document.getElementById("balance-run").addEventListener("click", runBalance);
document.getElementById("save").addEventListener("click", save);
document.getElementById("download").addEventListener("click", download);
document.getElementById("play").addEventListener("click", play);
document.getElementById("open").addEventListener("click", () => openScenario(document.getElementById("open-name").value));
document.getElementById("new").addEventListener("click", () => change(() => { model = freshModel(); selected = null; }));
window.addEventListener("resize", renderHandles);

// the operator's token: from the link's fragment, else as the operator's page keeps it
const fragment = new URLSearchParams(window.location.hash.slice(1));
const kept = fragment.get("token") || localStorage.getItem(OPERATOR_KEY);
if (kept) document.getElementById("save-token").value = kept;

function deleteSelected() {
  if (!selected) return;
  change(() => {
    if (selected.type === "piece") model.pieces = model.pieces.filter((p) => p.id !== selected.id);
    else model.figures = model.figures.filter((f) => f.id !== selected.id);
    selected = null;
  });
}

document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea")) return;
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && key === "z" && !event.shiftKey) undo();
  else if ((event.ctrlKey || event.metaKey) && (key === "y" || (key === "z" && event.shiftKey))) redo();
  else if (key === "delete" || key === "backspace") deleteSelected();
  else if (key === "escape") setTool({ name: "select" });
  else return;
  event.preventDefault();
});

window.totenblattEditor = { toml: toToml, status, model: () => model };

renderPalette();
loadList();
const opening = new URLSearchParams(window.location.search).get("open");
if (opening) openScenario(opening);
else changed();
