// The table page: one seat (or several in hot-seat, or a spectator) playing by pointing.
// Every rule is the server's: legal actions, labels, the ruler and the odds come from it.

import { Board } from "./board.js";
import { Api, Channel } from "./net.js";
import { figureFacts, renderAttack, renderHand, renderLog, renderSeats, renderStatus } from "./panels.js";
import { Replay } from "./replay.js";
import { el, inches, num, readJson, t, toast, fill } from "./util.js";

const boot = readJson("boot");
const lang = boot.lang;
const seats = boot.tokens.map((entry) => entry.seat);
const apis = new Map(boot.tokens.map((e) => [e.seat, new Api(boot.game_id, e.token, lang)]));
const views = new Map();
const channels = [];
const spectator = seats.length === 1 && seats[0] === null;

const $ = (id) => document.getElementById(id);
const page = {
  bar: $("bar"),
  status: $("status"),
  tools: $("tools"),
  seats: $("seats"),
  decision: $("decision"),
  preview: $("preview"),
  log: $("log-lines"),
  hand: $("hand"),
  handWrap: $("hand-wrap"),
  handTitle: $("hand-title"),
  overlay: $("overlay"),
};

let shown = boot.payload.seat;
let revealed = !boot.hotseat;
let mode = null; // {kind: "move"|"attack"|"redraw"|"fate"|"pick", ...}
let selected = null; // a figure of the shown seat
let busy = false;
let error = null;
let endShown = false;
let replay = null;
let online = true;
let refused = false; // the server refuses a token of this page: no more reconnecting

const board = new Board($("board"), boot.table, {
  canDrag: (name) => canMove(name),
  onDrag: (name, point) => dragPreview(name, point),
  onDrop: (name, point) => dropMove(name, point),
  onDragCancel: () => render(),
  onFigureClick: (name) => clickFigure(name),
  onBoardClick: (point) => clickBoard(point),
});

// -- what the shown seat may do now ------------------------------------------------------

function view() {
  return views.get(shown);
}

function myTurn(v = view()) {
  return !spectator && !replay && !refused && v && v.to_act === v.seat && !v.is_over && revealed;
}

function legal(type) {
  const v = view();
  return myTurn(v) ? v.legal_actions.filter((a) => a.type === type) : [];
}

function choicesOf(group) {
  const v = view();
  return myTurn(v) ? v.choices.filter((c) => c.group === group) : [];
}

function mine(name) {
  const v = view();
  const fig = v && v.figures.find((f) => f.name === name);
  return fig && fig.seat === v.seat && !fig.out ? fig : null;
}

function canMove(name) {
  return !!mine(name) && legal("move").length > 0;
}

function shooters() {
  return new Set(legal("attack").map((a) => a.attacker));
}

function targetsOf(shooter) {
  return new Set(legal("attack").filter((a) => a.attacker === shooter).map((a) => a.target));
}

// -- receiving ------------------------------------------------------------------------

function receive(seat, payload) {
  const before = views.get(seat);
  if (before && before.version > payload.version) return;
  views.set(seat, payload);
  if (before && before.version !== payload.version && seat === shown) {
    mode = null;
    error = null;
  }
  if (boot.hotseat) {
    const next = seats.find((s) => s !== null && views.get(s)?.to_act === s);
    if (next !== undefined && next !== shown && views.has(next)) {
      shown = next;
      revealed = false;
      mode = null;
      selected = null;
    }
  }
  render();
}

function setOnline(state) {
  online = channels.every((c) => c.connected) && state;
  renderTools();
}

/**
 * A socket was refused (a bad token, a game that is gone): say so, and stop trying. Nothing
 * can be played here any more: the decision says so in place of its buttons, and the hand,
 * the figures and the keys no longer act.
 */
function refuse() {
  if (refused) return;
  refused = true;
  mode = null;
  selected = null;
  error = null;
  page.bar.classList.add("refused");
  document.body.classList.add("refused");
  render();
  renderTools();
  sheet(
    el("h2", {}, t("connection_refused")),
    el("p", { id: "refused" }, t("connection_refused_hint")),
    el("div", { class: "buttons" },
      button(t("reload"), () => location.reload(), "btn primary"),
      el("a", { class: "btn", href: `/?lang=${lang}` }, t("lobby")),
      button(t("close"), closeOverlay)),
  );
}

// -- acting -----------------------------------------------------------------------------

async function act(action) {
  if (busy || !action) return;
  const v = view();
  busy = true;
  error = null;
  try {
    await apis.get(shown).act(action, v.version);
    mode = null;
    selected = null;
    if (!online) receive(shown, await apis.get(shown).view());
  } catch (e) {
    error = e.message;
    toast(e.message);
  } finally {
    busy = false;
    render();
  }
}

function actChoice(choice) {
  act(view().legal_actions[choice.index]);
}

// -- the move ruler -------------------------------------------------------------------

let previewSerial = 0;
let dragWanted = null;
let dragBusy = false;

function moveRequest(name, point, hide = false) {
  const steps = mode?.kind === "move" ? mode.steps.filter((s) => s.figure !== name) : [];
  return {
    kind: "move",
    figure: name,
    goal: point,
    steps,
    card: mode?.kind === "move" ? mode.card : null,
    wild: mode?.kind === "move" ? !!mode.wild : false,
    hide,
  };
}

function rulerLabel(p) {
  if (p.total === null) return "✗";
  // a refused move shows hundredths: 12.03" is over a 12" club, though it rounds to 12.0"
  const total = p.legal ? inches(p.total) : `${num(p.total, 2)}"`;
  return p.allowance === null ? total : `${total} / ${inches(p.allowance)}`;
}

async function dragPreview(name, point) {
  dragWanted = [name, point];
  if (dragBusy) return;
  dragBusy = true;
  try {
    while (dragWanted) {
      const [figure, goal] = dragWanted;
      dragWanted = null;
      const serial = ++previewSerial;
      const p = await apis.get(shown).preview(moveRequest(figure, goal));
      if (serial === previewSerial) board.drawRuler(p.steps, rulerLabel(p), p.legal);
    }
  } catch (e) {
    toast(e.message);
  } finally {
    dragBusy = false;
  }
}

async function dropMove(name, point, hide = false) {
  dragWanted = null;
  previewSerial++;
  if (!canMove(name)) return render();
  try {
    const p = await apis.get(shown).preview(moveRequest(name, point, hide));
    const card = mode?.kind === "move" ? mode.card : null;
    mode = { kind: "move", card, wild: p.wild, steps: p.steps, preview: p, last: [name, point], hide };
    if (!card && p.card) mode.card = null;
    selected = name;
  } catch (e) {
    toast(e.message);
  }
  render();
}

function toggleHide() {
  if (mode?.kind !== "move" || !mode.last) return;
  const [name, point] = mode.last;
  dropMove(name, point, !mode.hide);
}

function chooseClub(card) {
  const wild = legal("move").some((a) => a.card === card && a.wild) && !legal("move").some((a) => a.card === card && !a.wild);
  if (mode?.kind === "move" && mode.card === card) {
    mode.card = null;
  } else if (mode?.kind === "move") {
    mode.card = card;
    mode.wild = wild;
  } else {
    mode = { kind: "move", card, wild, steps: [], preview: null, last: null, hide: false };
  }
  if (mode.last) dropMove(mode.last[0], mode.last[1], mode.hide);
  else render();
}

// -- attacks --------------------------------------------------------------------------

async function aim(shooter, target) {
  try {
    const p = await apis.get(shown).preview({ kind: "attack", attacker: shooter, target });
    const card = mode?.kind === "attack" ? mode.card : null;
    mode = { kind: "attack", shooter, target, preview: p, card };
  } catch (e) {
    toast(e.message);
  }
  render();
}

function chooseSpade(card) {
  if (mode?.kind === "attack") mode.card = mode.card === card ? null : card;
  else mode = { kind: "aim", card };
  render();
}

// -- pointing at things ---------------------------------------------------------------

function clickFigure(name) {
  const v = view();
  if (!v || replay || refused) return;
  const fig = v.figures.find((f) => f.name === name);
  if (!fig || fig.out) return;
  if (fig.seat === v.seat) {
    selected = selected === name ? null : name;
    if (mode?.kind === "attack") mode = null;
    return render();
  }
  if (!myTurn(v)) return;
  let shooter = selected;
  if (!shooter) {
    const own = [...shooters()];
    if (own.length === 1) shooter = own[0];
  }
  if (!shooter) {
    const own = v.figures.filter((f) => f.seat === v.seat && !f.out);
    if (own.length === 1) shooter = own[0].name;
  }
  if (!shooter) return toast(t("choose_target"), "info");
  selected = shooter;
  aim(shooter, name);
}

function clickBoard(point) {
  if (replay) return;
  if (selected && canMove(selected)) return dropMove(selected, point);
  if (mode?.kind === "attack") {
    mode = null;
    render();
  }
}

function clickCard(card) {
  const v = view();
  if (!myTurn(v)) return;
  if (mode?.kind === "redraw" || mode?.kind === "fate") {
    const group = mode.kind === "redraw" ? "redraw" : "tempt_fate";
    const options = choicesOf(group).filter((c) => c.card === card);
    if (options.length === 1) return actChoice(options[0]);
    if (options.length > 1) {
      mode = { kind: mode.kind, card };
      return render();
    }
    return;
  }
  if (v.phase === "bid" || v.phase === "defend") {
    const options = choicesOf(v.phase).filter((c) => c.card === card);
    if (options.length === 1) return actChoice(options[0]);
    if (options.length > 1) {
      mode = { kind: "pick", card };
      return render();
    }
    return;
  }
  if (v.phase === "action") {
    if (legal("move").some((a) => a.card === card)) return chooseClub(card);
    if (legal("attack").some((a) => a.card === card)) return chooseSpade(card);
  }
}

// -- rendering ------------------------------------------------------------------------

function handMarks(card) {
  const v = view();
  if (!myTurn(v)) return [];
  const marks = [];
  let playable = false;
  if (mode?.kind === "redraw") playable = choicesOf("redraw").some((c) => c.card === card);
  else if (mode?.kind === "fate") playable = choicesOf("tempt_fate").some((c) => c.card === card);
  else if (v.phase === "bid") playable = choicesOf("bid").some((c) => c.card === card);
  else if (v.phase === "defend") playable = choicesOf("defend").some((c) => c.card === card);
  else if (v.phase === "action")
    playable = v.legal_actions.some((a) => (a.type === "move" || a.type === "attack") && a.card === card);
  if (playable) marks.push("playable");
  if (mode && mode.card === card) marks.push("chosen");
  return marks;
}

function figureMarks(v) {
  const marks = { "can-act": new Set(), selected: new Set(), target: new Set(), "can-target": new Set() };
  if (selected) marks.selected.add(selected);
  if (myTurn(v) && v.phase === "action") {
    const moving = legal("move").length > 0;
    const shooting = shooters();
    for (const f of v.figures) if (f.seat === v.seat && !f.out && (moving || shooting.has(f.name))) marks["can-act"].add(f.name);
    if (selected) for (const name of targetsOf(selected)) marks["can-target"].add(name);
  }
  if (mode?.kind === "attack") marks.target.add(mode.target);
  if (v.phase === "defend" && v.decision.attack) {
    marks.target.add(v.decision.attack.target);
  }
  return marks;
}

function button(label, onclick, cls = "btn", extra = {}) {
  return el("button", { class: cls, type: "button", onclick, ...extra }, label);
}

function choiceButton(choice, primary = false) {
  const [head, ...rest] = choice.label.split(" — ");
  const parts = [head];
  if (rest.length) parts.push(el("span", { class: "outcome" }, rest.join(" — ")));
  return el(
    "button",
    { class: `btn${primary ? " primary" : ""}`, type: "button", onclick: () => actChoice(choice), dataset: { choice: choice.group } },
    ...parts,
  );
}

function promptOf(v) {
  return v.phase === "action" ? t("prompt_action") : v.prompt;
}

function renderDecision(v) {
  const node = page.decision;
  node.className = "";
  if (v.is_over) {
    fill(node, el("div", { class: "prompt" }, v.result || t("game_over")));
    return;
  }
  if (refused) {
    node.className = "refused";
    fill(node, el("div", { class: "prompt" }, t("connection_refused")), el("div", { class: "hint" }, t("connection_refused_hint")));
    return;
  }
  const who = v.labels[v.to_act] ?? "";
  if (spectator || v.to_act !== v.seat || !revealed) {
    node.className = "waiting";
    const key = v.bot_to_act ? "bot_thinking" : "waiting_for";
    fill(node, el("div", { class: "prompt" }, t(key, { name: who })), spectator ? el("div", { class: "hint" }, t("spectating")) : null);
    return;
  }
  const main = [];
  const secondary = [];
  const picked = mode && (mode.kind === "pick" || mode.kind === "redraw" || mode.kind === "fate") ? mode : null;
  if (picked && picked.card) {
    const group = picked.kind === "pick" ? v.phase : picked.kind === "redraw" ? "redraw" : "tempt_fate";
    for (const c of choicesOf(group).filter((c) => c.card === picked.card)) main.push(choiceButton(c, true));
    main.push(button(t("cancel"), () => { mode = null; render(); }));
  } else if (picked) {
    const cost = boot.table.redraw_cost;
    main.push(el("p", { class: "hint" }, picked.kind === "redraw" ? t("redraw_pick", { cost }) : t("tempt_fate")));
    main.push(button(t("cancel"), () => { mode = null; render(); }));
  } else {
    const groups = ["swap", "bid", "defend", "keep"];
    const few = v.choices.filter((c) => groups.includes(c.group)).length <= 2;
    for (const c of v.choices) if (groups.includes(c.group)) main.push(choiceButton(c, few && (c.group === "swap" || c.group === "keep")));
    for (const c of choicesOf("pass")) main.push(choiceButton(c, v.phase === "swap"));
  }
  for (const c of choicesOf("reveal")) secondary.push(choiceButton(c));
  if (choicesOf("redraw").length) secondary.push(button(t("redraw"), () => { mode = { kind: "redraw" }; render(); }, "btn small"));
  if (choicesOf("tempt_fate").length) secondary.push(button(t("tempt_fate"), () => { mode = { kind: "fate" }; render(); }, "btn small"));
  if (choicesOf("concede").length) secondary.push(button(t("concede"), confirmConcede, "btn small danger"));
  fill(node, 
    el("div", { class: "who" }, t("your_decision")),
    el("div", { class: "prompt" }, promptOf(v)),
    el("div", { class: "buttons" }, main),
    v.phase === "action" && !mode ? el("p", { class: "hint" }, t("pick_club")) : null,
    secondary.length ? el("div", { class: "buttons secondary" }, secondary) : null,
    error ? el("p", { class: "error" }, error) : null,
  );
}

function renderMovePanel() {
  const p = mode.preview;
  const parts = [el("h3", {}, t("move_steps") + (mode.card || p?.card ? ` — ${t("move_with", { card: mode.card || p.card })}` : ""))];
  if (p) {
    const list = el("ul", { class: "facts" });
    p.steps.forEach((s, i) => {
      const cost = p.costs ? inches(p.costs[i]) : "—";
      list.append(el("li", {}, `${s.figure}: ${cost}${s.hide ? ` · ${t("hidden")}` : ""}`));
    });
    parts.push(list, el("p", {}, el("b", {}, rulerLabel(p))));
    if (p.reason) parts.push(el("p", { class: "error" }, p.reason));
    if (p.can_hide || mode.hide) {
      parts.push(
        el("label", { class: "check" },
          el("input", { type: "checkbox", checked: mode.hide, onchange: toggleHide }),
          t("hide_here"), el("kbd", {}, "H")),
      );
    }
    parts.push(
      el("div", { class: "buttons" },
        button([t("confirm_move"), el("kbd", {}, "Enter")], () => act(p.action), "btn primary", { disabled: !p.legal, dataset: { confirm: "move" } }),
        button([t("cancel"), el("kbd", {}, "Esc")], cancel)),
      el("p", { class: "hint" }, t("split_hint")),
    );
  } else {
    parts.push(el("p", { class: "hint" }, t("pick_club")));
  }
  fill(page.preview, ...parts);
}

function renderPreview(v) {
  board.clear("marks");
  board.clear("ruler");
  if (v.phase === "defend" && v.decision.attack && !v.is_over) {
    const a = v.decision.attack;
    const from = v.figures.find((f) => f.name === a.attacker)?.position;
    const to = v.figures.find((f) => f.name === a.target)?.position;
    if (from && to) board.drawFire(from, to, false, a.distance);
  }
  if (!myTurn(v) || !mode) {
    fill(page.preview);
    if (selected && myTurn(v) && v.phase === "action") showSpots(selected);
    return;
  }
  if (mode.kind === "move") {
    if (mode.preview) board.drawRuler(mode.preview.steps, rulerLabel(mode.preview), mode.preview.legal);
    renderMovePanel();
  } else if (mode.kind === "attack" && mode.preview) {
    const p = mode.preview;
    const from = v.figures.find((f) => f.name === p.attacker).position;
    const to = v.figures.find((f) => f.name === p.target).position;
    board.drawFire(from, to, !p.line_of_fire, p.distance);
    renderAttack(page.preview, p, mode.card, (option) => act(option.action));
  } else {
    fill(page.preview);
  }
}

function showSpots(name) {
  const spots = legal("move").filter((a) => a.steps.length === 1 && a.steps[0].figure === name).map((a) => a.steps[0]);
  const unique = new Map();
  for (const s of spots) unique.set(s.path[s.path.length - 1].join(","), s);
  board.drawSpots([...unique.values()], (spot) => dropMove(name, spot.path[spot.path.length - 1], spot.hide));
}

function renderHandArea(v) {
  if (spectator) {
    document.body.classList.add("spectator");
    page.handWrap.classList.add("spectator");
    return;
  }
  page.handWrap.classList.toggle("covered", !revealed);
  page.handTitle.textContent = boot.hotseat ? t("hand_of", { name: v.labels[v.seat] }) : t("your_hand");
  renderHand(page.hand, v.hand, handMarks, clickCard);
  if (refused) for (const card of page.hand.querySelectorAll("button")) card.disabled = true;
}

/**
 * Round, dealer, initiative and piles; once the server refuses this page, the refusal in
 * their place: they would show a moment that no longer changes, and they crowded the title.
 */
function renderHeader(v) {
  if (!refused) return renderStatus(page.status, v);
  fill(page.status,
    el("span", { class: "pill refused", role: "alert", title: t("connection_refused_hint") }, t("connection_refused")));
}

function renderTools() {
  const v = view();
  const url = new URL(location.href);
  const other = lang === "de" ? "en" : "de";
  url.searchParams.set("lang", other);
  fill(page.tools, 
    refused || online ? null : el("span", { class: "pill", title: t("connection_lost") }, t("connection_lost")),
    button(t("spectator_link"), async (e) => {
      const link = new URL(boot.spectator_url, location.href).href;
      try {
        await navigator.clipboard.writeText(link);
        toast(t("copied"), "info");
      } catch {
        prompt(t("spectator_link"), link);
      }
      e.target.blur();
    }),
    button(t("help"), showKeys),
    el("a", { href: url.pathname + url.search, hreflang: other }, other === "de" ? "Deutsch" : "English"),
    el("a", { href: `/?lang=${lang}` }, t("lobby")),
  );
  return v;
}

function render() {
  const v = view();
  if (!v) return;
  if (replay) return;
  renderHeader(v);
  renderSeats(page.seats, v, boot.table);
  board.update(v.figures, figureMarks(v), (f) => figureFacts(f, boot.table));
  renderHandArea(v);
  renderDecision(v);
  renderPreview(v);
  renderLog(page.log, v.log);
  renderOverlay(v);
}

// -- overlays: pass the device, keys, concede, the end --------------------------------

function sheet(...children) {
  fill(page.overlay, el("div", { class: "sheet", role: "dialog" }, ...children));
  page.overlay.hidden = false;
}

function closeOverlay() {
  page.overlay.hidden = true;
  page.overlay.className = "";
  fill(page.overlay);
}

function renderOverlay(v) {
  if (boot.hotseat && !revealed) {
    const name = v.labels[shown];
    page.overlay.className = "opaque";
    sheet(
      el("h2", {}, t("pass_device", { name })),
      el("p", {}, t("pass_device_hint", { name })),
      button(t("show_hand", { name }), () => { revealed = true; closeOverlay(); render(); }, "btn primary", { id: "show-hand" }),
    );
    return;
  }
  if (v.is_over && !endShown) {
    endShown = true;
    sheet(
      el("h2", {}, t("game_over")),
      el("p", {}, v.result || ""),
      el("div", { class: "buttons" },
        button(t("replay"), () => { closeOverlay(); startReplay(); }, "btn primary", { id: "replay" }),
        button(t("close"), closeOverlay),
        el("a", { class: "btn", href: `/?lang=${lang}` }, t("new_game"))),
    );
  }
}

function showKeys() {
  sheet(el("h2", {}, t("help")), el("p", {}, t("keys")), button(t("close"), closeOverlay, "btn primary"));
}

function confirmConcede() {
  const choice = choicesOf("concede")[0];
  if (!choice) return;
  sheet(
    el("h2", {}, t("concede_sure")),
    el("div", { class: "buttons" },
      button(t("yes"), () => { closeOverlay(); actChoice(choice); }, "btn danger"),
      button(t("no"), closeOverlay, "btn primary")),
  );
}

async function startReplay() {
  try {
    const v = view();
    const context = { labels: v.labels, seat: spectator ? null : v.seat, table: boot.table };
    replay = new Replay(board, apis.get(shown), page, () => {
      replay = null;
      render();
    }, context);
    await replay.start();
  } catch (e) {
    replay = null;
    toast(e.message);
    render();
  }
}

// -- keys -----------------------------------------------------------------------------

function cancel() {
  mode = null;
  selected = null;
  error = null;
  render();
}

document.addEventListener("keydown", (event) => {
  if (event.target.closest?.("input, select, textarea")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (replay) return replay.key(event);
  if (!page.overlay.hidden) {
    if (event.key === "Escape" && !(boot.hotseat && !revealed)) closeOverlay();
    return;
  }
  const v = view();
  const key = event.key;
  if (/^[1-9]$/.test(key)) {
    const card = v?.hand[Number(key) - 1];
    if (card) clickCard(card);
  } else if (key === "Escape") {
    cancel();
  } else if (key === "Enter") {
    if (event.target.closest?.("button, .figure")) return;
    if (mode?.kind === "move" && mode.preview?.legal) act(mode.preview.action);
    else if (mode?.kind === "attack" && mode.preview?.options.length) {
      const option = mode.preview.options.find((o) => o.card === mode.card) || mode.preview.options[0];
      act(option.action);
    } else return;
  } else if (key === "p" || key === "P") {
    const choice = choicesOf("pass")[0];
    if (choice) actChoice(choice);
  } else if (key === "r" || key === "R") {
    if (choicesOf("redraw").length) {
      mode = mode?.kind === "redraw" ? null : { kind: "redraw" };
      render();
    }
  } else if (key === "h" || key === "H") {
    toggleHide();
  } else if (key === "l" || key === "L") {
    page.log.scrollIntoView({ behavior: "smooth" });
  } else if (key === "?") {
    showKeys();
  } else return;
  event.preventDefault();
});

// -- start ----------------------------------------------------------------------------

views.set(boot.payload.seat, boot.payload);
renderTools();
render();
for (const entry of boot.tokens) {
  channels.push(
    new Channel(boot.game_id, entry.token, lang, {
      onPayload: (payload) => receive(entry.seat, payload),
      onState: (state) => setOnline(state),
      onRefused: () => refuse(),
      check: () => apis.get(entry.seat).view(),
    }),
  );
}
window.totenblatt = { view: () => view(), seat: () => shown };
