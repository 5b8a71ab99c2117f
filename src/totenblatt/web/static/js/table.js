// The table page: one seat (or several in hot-seat, or a spectator) playing by pointing.
// Every rule is the server's: legal actions, labels, the ruler and the odds come from it.

import { Board } from "./board.js";
import { Api, Channel } from "./net.js";
import { figureFacts, renderAttack, renderHand, renderLog, renderSeats, renderStatus } from "./panels.js";
import { Replay } from "./replay.js";
import { campaignConcede } from "./sacrifice.js";
import { el, inches, num, readJson, t, toast, fill } from "./util.js";

const boot = readJson("boot");
const lang = boot.lang;
const seats = boot.tokens.map((entry) => entry.seat);
const apis = new Map(boot.tokens.map((e) => [e.seat, new Api(boot.game_id, e.token, lang)]));
const channels = new Map(); // seat -> its socket (see the end of this file)
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

/**
 * Everything on this page that changes, in one object (the constants above are set once).
 * Who writes which part:
 * - ``views`` (seat -> its newest payload), and in hot-seat ``shown`` (the seat whose view is
 *   shown) and ``revealed`` (its hand uncovered): ``receive``; ``revealed`` also the
 *   pass-the-device sheet's button;
 * - ``mode`` (the decision being built: {kind: "move"|"attack"|"aim"|"redraw"|"fate"|"pick",
 *   ...}) and ``selected`` (a figure of the shown seat): the pointing (clicks, drags, cards,
 *   keys); cleared by ``cancel``, by ``send`` once played, by ``receive`` when the game moved
 *   on, by ``refuse``;
 * - ``busy`` (an action on its way) and ``error`` (the server's refusal of it): ``send``;
 * - ``online`` (every socket open) and ``refused`` (the server refuses a token of this page:
 *   nothing can be played, no more reconnecting): ``setOnline`` and ``refuse``;
 * - ``endShown`` (the end's sheet was shown once): ``renderOverlay``; ``replay`` (the replay
 *   running, the table then shows its frames): ``startReplay``;
 * - ``drag`` (the ruler while dragging: the serial of the newest preview asked, the point
 *   still to ask, a preview on its way): ``dragPreview``; ``dropMove`` ends it.
 */
const state = {
  views: new Map(),
  shown: boot.payload.seat,
  revealed: !boot.hotseat,
  mode: null,
  selected: null,
  busy: false,
  error: null,
  online: true,
  refused: false,
  endShown: false,
  replay: null,
  drag: { serial: 0, wanted: null, busy: false },
};

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
  return state.views.get(state.shown);
}

function myTurn(v = view()) {
  return !spectator && !state.replay && !state.refused && v && v.to_act === v.seat && !v.is_over && state.revealed;
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
  const before = state.views.get(seat);
  if (before && before.version > payload.version) return;
  state.views.set(seat, payload);
  if (before && before.version !== payload.version && seat === state.shown) {
    state.mode = null;
    state.error = null;
  }
  if (boot.hotseat) {
    const next = seats.find((s) => s !== null && state.views.get(s)?.to_act === s);
    if (next !== undefined && next !== state.shown && state.views.has(next)) {
      state.shown = next;
      state.revealed = false;
      state.mode = null;
      state.selected = null;
    }
  }
  render();
}

function setOnline(open) {
  state.online = open && [...channels.values()].every((c) => c.connected);
  renderTools();
}

/**
 * A socket was refused (a bad token, a game that is gone): say so, and stop trying. Nothing
 * can be played here any more: the decision says so in place of its buttons, and the hand,
 * the figures and the keys no longer act.
 */
function refuse() {
  if (state.refused) return;
  state.refused = true;
  state.mode = null;
  state.selected = null;
  state.error = null;
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

/**
 * The one way an action leaves the page: over the shown seat's socket, at the version it was
 * chosen in (the server refuses it if the game moved on). One at a time; a refusal is shown.
 */
async function send(action) {
  if (state.busy || !action) return;
  const v = view();
  state.busy = true;
  state.error = null;
  try {
    await channels.get(state.shown).act(action, v.version);
    state.mode = null;
    state.selected = null;
  } catch (e) {
    state.error = e.message;
    toast(e.message);
  } finally {
    state.busy = false;
    render();
  }
}

function actChoice(choice) {
  send(view().legal_actions[choice.index]);
}

// -- the move ruler -------------------------------------------------------------------

function moveRequest(name, point, hide = false) {
  const steps = state.mode?.kind === "move" ? state.mode.steps.filter((s) => s.figure !== name) : [];
  return {
    kind: "move",
    figure: name,
    goal: point,
    steps,
    card: state.mode?.kind === "move" ? state.mode.card : null,
    wild: state.mode?.kind === "move" ? !!state.mode.wild : false,
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
  state.drag.wanted = [name, point];
  if (state.drag.busy) return;
  state.drag.busy = true;
  try {
    while (state.drag.wanted) {
      const [figure, goal] = state.drag.wanted;
      state.drag.wanted = null;
      const serial = ++state.drag.serial;
      const p = await apis.get(state.shown).preview(moveRequest(figure, goal));
      if (serial === state.drag.serial) board.drawRuler(p.steps, rulerLabel(p), p.legal);
    }
  } catch (e) {
    toast(e.message);
  } finally {
    state.drag.busy = false;
  }
}

async function dropMove(name, point, hide = false) {
  state.drag.wanted = null;
  state.drag.serial++;
  if (!canMove(name)) return render();
  try {
    const p = await apis.get(state.shown).preview(moveRequest(name, point, hide));
    const card = state.mode?.kind === "move" ? state.mode.card : null;
    state.mode = { kind: "move", card, wild: p.wild, steps: p.steps, preview: p, last: [name, point], hide };
    if (!card && p.card) state.mode.card = null;
    state.selected = name;
  } catch (e) {
    toast(e.message);
  }
  render();
}

function toggleHide() {
  if (state.mode?.kind !== "move" || !state.mode.last) return;
  const [name, point] = state.mode.last;
  dropMove(name, point, !state.mode.hide);
}

function chooseClub(card) {
  const wild = legal("move").some((a) => a.card === card && a.wild) && !legal("move").some((a) => a.card === card && !a.wild);
  if (state.mode?.kind === "move" && state.mode.card === card) {
    state.mode.card = null;
  } else if (state.mode?.kind === "move") {
    state.mode.card = card;
    state.mode.wild = wild;
  } else {
    state.mode = { kind: "move", card, wild, steps: [], preview: null, last: null, hide: false };
  }
  if (state.mode.last) dropMove(state.mode.last[0], state.mode.last[1], state.mode.hide);
  else render();
}

// -- attacks --------------------------------------------------------------------------

async function aim(shooter, target) {
  try {
    const p = await apis.get(state.shown).preview({ kind: "attack", attacker: shooter, target });
    const card = state.mode?.kind === "attack" ? state.mode.card : null;
    state.mode = { kind: "attack", shooter, target, preview: p, card };
  } catch (e) {
    toast(e.message);
  }
  render();
}

function chooseSpade(card) {
  if (state.mode?.kind === "attack") state.mode.card = state.mode.card === card ? null : card;
  else state.mode = { kind: "aim", card };
  render();
}

// -- pointing at things ---------------------------------------------------------------

function clickFigure(name) {
  const v = view();
  if (!v || state.replay || state.refused) return;
  const fig = v.figures.find((f) => f.name === name);
  if (!fig || fig.out) return;
  if (fig.seat === v.seat) {
    state.selected = state.selected === name ? null : name;
    if (state.mode?.kind === "attack") state.mode = null;
    return render();
  }
  if (!myTurn(v)) return;
  let shooter = state.selected;
  if (!shooter) {
    const own = [...shooters()];
    if (own.length === 1) shooter = own[0];
  }
  if (!shooter) {
    const own = v.figures.filter((f) => f.seat === v.seat && !f.out);
    if (own.length === 1) shooter = own[0].name;
  }
  if (!shooter) return toast(t("choose_target"), "info");
  state.selected = shooter;
  aim(shooter, name);
}

function clickBoard(point) {
  if (state.replay) return;
  if (state.selected && canMove(state.selected)) return dropMove(state.selected, point);
  if (state.mode?.kind === "attack") {
    state.mode = null;
    render();
  }
}

function clickCard(card) {
  const v = view();
  if (!myTurn(v)) return;
  if (state.mode?.kind === "redraw" || state.mode?.kind === "fate") {
    const group = state.mode.kind === "redraw" ? "redraw" : "tempt_fate";
    const options = choicesOf(group).filter((c) => c.card === card);
    if (options.length === 1) return actChoice(options[0]);
    if (options.length > 1) {
      state.mode = { kind: state.mode.kind, card };
      return render();
    }
    return;
  }
  if (v.phase === "bid" || v.phase === "defend") {
    const options = choicesOf(v.phase).filter((c) => c.card === card);
    if (options.length === 1) return actChoice(options[0]);
    if (options.length > 1) {
      state.mode = { kind: "pick", card };
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
  if (state.mode?.kind === "redraw") playable = choicesOf("redraw").some((c) => c.card === card);
  else if (state.mode?.kind === "fate") playable = choicesOf("tempt_fate").some((c) => c.card === card);
  else if (v.phase === "bid") playable = choicesOf("bid").some((c) => c.card === card);
  else if (v.phase === "defend") playable = choicesOf("defend").some((c) => c.card === card);
  else if (v.phase === "action")
    playable = v.legal_actions.some((a) => (a.type === "move" || a.type === "attack") && a.card === card);
  if (playable) marks.push("playable");
  if (state.mode && state.mode.card === card) marks.push("chosen");
  return marks;
}

function figureMarks(v) {
  const marks = { "can-act": new Set(), selected: new Set(), target: new Set(), "can-target": new Set() };
  if (state.selected) marks.selected.add(state.selected);
  if (myTurn(v) && v.phase === "action") {
    const moving = legal("move").length > 0;
    const shooting = shooters();
    for (const f of v.figures) if (f.seat === v.seat && !f.out && (moving || shooting.has(f.name))) marks["can-act"].add(f.name);
    if (state.selected) for (const name of targetsOf(state.selected)) marks["can-target"].add(name);
  }
  if (state.mode?.kind === "attack") marks.target.add(state.mode.target);
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
  if (state.refused) {
    node.className = "refused";
    fill(node, el("div", { class: "prompt" }, t("connection_refused")), el("div", { class: "hint" }, t("connection_refused_hint")));
    return;
  }
  const who = v.labels[v.to_act] ?? "";
  if (spectator || v.to_act !== v.seat || !state.revealed) {
    node.className = "waiting";
    const key = v.bot_to_act ? "bot_thinking" : "waiting_for";
    fill(node, el("div", { class: "prompt" }, t(key, { name: who })), spectator ? el("div", { class: "hint" }, t("spectating")) : null);
    return;
  }
  const main = [];
  const secondary = [];
  const picked = state.mode && (state.mode.kind === "pick" || state.mode.kind === "redraw" || state.mode.kind === "fate") ? state.mode : null;
  if (picked && picked.card) {
    const group = picked.kind === "pick" ? v.phase : picked.kind === "redraw" ? "redraw" : "tempt_fate";
    for (const c of choicesOf(group).filter((c) => c.card === picked.card)) main.push(choiceButton(c, true));
    main.push(button(t("cancel"), () => { state.mode = null; render(); }));
  } else if (picked) {
    const cost = boot.table.redraw_cost;
    main.push(el("p", { class: "hint" }, picked.kind === "redraw" ? t("redraw_pick", { cost }) : t("tempt_fate")));
    main.push(button(t("cancel"), () => { state.mode = null; render(); }));
  } else {
    const groups = ["swap", "bid", "defend", "keep"];
    const few = v.choices.filter((c) => groups.includes(c.group)).length <= 2;
    for (const c of v.choices) if (groups.includes(c.group)) main.push(choiceButton(c, few && (c.group === "swap" || c.group === "keep")));
    for (const c of choicesOf("pass")) main.push(choiceButton(c, v.phase === "swap"));
  }
  for (const c of choicesOf("reveal")) secondary.push(choiceButton(c));
  if (choicesOf("redraw").length) secondary.push(button(t("redraw"), () => { state.mode = { kind: "redraw" }; render(); }, "btn small"));
  if (choicesOf("tempt_fate").length) secondary.push(button(t("tempt_fate"), () => { state.mode = { kind: "fate" }; render(); }, "btn small"));
  if (choicesOf("concede").length) secondary.push(button(t("concede"), confirmConcede, "btn small danger"));
  fill(node, 
    el("div", { class: "who" }, t("your_decision")),
    el("div", { class: "prompt" }, promptOf(v)),
    el("div", { class: "buttons" }, main),
    v.phase === "action" && !state.mode ? el("p", { class: "hint" }, t("pick_club")) : null,
    secondary.length ? el("div", { class: "buttons secondary" }, secondary) : null,
    state.error ? el("p", { class: "error" }, state.error) : null,
  );
}

function renderMovePanel() {
  const p = state.mode.preview;
  const parts = [el("h3", {}, t("move_steps") + (state.mode.card || p?.card ? ` — ${t("move_with", { card: state.mode.card || p.card })}` : ""))];
  if (p) {
    const list = el("ul", { class: "facts" });
    p.steps.forEach((s, i) => {
      const cost = p.costs ? inches(p.costs[i]) : "—";
      list.append(el("li", {}, `${s.figure}: ${cost}${s.hide ? ` · ${t("hidden")}` : ""}`));
    });
    parts.push(list, el("p", {}, el("b", {}, rulerLabel(p))));
    if (p.reason) parts.push(el("p", { class: "error" }, p.reason));
    if (p.can_hide || state.mode.hide) {
      parts.push(
        el("label", { class: "check" },
          el("input", { type: "checkbox", checked: state.mode.hide, onchange: toggleHide }),
          t("hide_here"), el("kbd", {}, "H")),
      );
    }
    parts.push(
      el("div", { class: "buttons" },
        button([t("confirm_move"), el("kbd", {}, "Enter")], () => send(p.action), "btn primary", { disabled: !p.legal, dataset: { confirm: "move" } }),
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
  if (!myTurn(v) || !state.mode) {
    fill(page.preview);
    if (state.selected && myTurn(v) && v.phase === "action") showSpots(state.selected);
    return;
  }
  if (state.mode.kind === "move") {
    if (state.mode.preview) board.drawRuler(state.mode.preview.steps, rulerLabel(state.mode.preview), state.mode.preview.legal);
    renderMovePanel();
  } else if (state.mode.kind === "attack" && state.mode.preview) {
    const p = state.mode.preview;
    const from = v.figures.find((f) => f.name === p.attacker).position;
    const to = v.figures.find((f) => f.name === p.target).position;
    board.drawFire(from, to, !p.line_of_fire, p.distance);
    renderAttack(page.preview, p, state.mode.card, (option) => send(option.action));
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
  page.handWrap.classList.toggle("covered", !state.revealed);
  page.handTitle.textContent = boot.hotseat ? t("hand_of", { name: v.labels[v.seat] }) : t("your_hand");
  renderHand(page.hand, v.hand, handMarks, clickCard);
  if (state.refused) for (const card of page.hand.querySelectorAll("button")) card.disabled = true;
}

/**
 * Round, dealer, initiative and piles; once the server refuses this page, the refusal in
 * their place: they would show a moment that no longer changes, and they crowded the title.
 */
function renderHeader(v) {
  if (!state.refused) return renderStatus(page.status, v);
  fill(page.status,
    el("span", { class: "pill refused", role: "alert", title: t("connection_refused_hint") }, t("connection_refused")));
}

function renderTools() {
  const v = view();
  const url = new URL(location.href);
  const other = lang === "de" ? "en" : "de";
  url.searchParams.set("lang", other);
  fill(page.tools, 
    state.refused || state.online ? null : el("span", { class: "pill", title: t("connection_lost") }, t("connection_lost")),
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
  if (state.replay) return;
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
  if (boot.hotseat && !state.revealed) {
    const name = v.labels[state.shown];
    page.overlay.className = "opaque";
    sheet(
      el("h2", {}, t("pass_device", { name })),
      el("p", {}, t("pass_device_hint", { name })),
      button(t("show_hand", { name }), () => { state.revealed = true; closeOverlay(); render(); }, "btn primary", { id: "show-hand" }),
    );
    return;
  }
  if (v.is_over && !state.endShown) {
    state.endShown = true;
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

async function confirmConcede() {
  const choice = choicesOf("concede")[0];
  if (!choice) return;
  if (await campaignConcede(apis.get(state.shown), { sheet, closeOverlay, button })) return;
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
    state.replay = new Replay(board, apis.get(state.shown), page, () => {
      state.replay = null;
      render();
    }, context);
    await state.replay.start();
  } catch (e) {
    state.replay = null;
    toast(e.message);
    render();
  }
}

// -- keys -----------------------------------------------------------------------------

function cancel() {
  state.mode = null;
  state.selected = null;
  state.error = null;
  render();
}

document.addEventListener("keydown", (event) => {
  if (event.target.closest?.("input, select, textarea")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (state.replay) return state.replay.key(event);
  if (!page.overlay.hidden) {
    if (event.key === "Escape" && !(boot.hotseat && !state.revealed)) closeOverlay();
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
    if (state.mode?.kind === "move" && state.mode.preview?.legal) send(state.mode.preview.action);
    else if (state.mode?.kind === "attack" && state.mode.preview?.options.length) {
      const option = state.mode.preview.options.find((o) => o.card === state.mode.card) || state.mode.preview.options[0];
      send(option.action);
    } else return;
  } else if (key === "p" || key === "P") {
    const choice = choicesOf("pass")[0];
    if (choice) actChoice(choice);
  } else if (key === "r" || key === "R") {
    if (choicesOf("redraw").length) {
      state.mode = state.mode?.kind === "redraw" ? null : { kind: "redraw" };
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

state.views.set(boot.payload.seat, boot.payload);
renderTools();
render();
for (const entry of boot.tokens) {
  channels.set(
    entry.seat,
    new Channel(boot.game_id, entry.token, lang, {
      handlers: { view: (payload) => receive(entry.seat, payload) },
      onState: (open) => setOnline(open),
      onRefused: () => refuse(),
      check: () => apis.get(entry.seat).view(),
      lost: t("connection_lost"),
    }),
  );
}
window.totenblatt = { view: () => view(), seat: () => state.shown };
