// The table page: one seat (or several in hot-seat, or a spectator) playing by pointing.
// Every rule is the server's: legal actions, labels, the ruler and the odds come from it.

import { Board, reducedMotion } from "./board.js";
import { explainTerms, movedPaths, newEvents, Sounds } from "./motion.js";
import { holdSeat } from "./mine.js";
import { Api, Channel } from "./net.js";
import { CARD_KEYS, figureFacts, renderAttack, renderHand, renderLog, renderSeats, renderStatus } from "./panels.js";
import { Replay } from "./replay.js";
import { markTurn } from "./turn_mark.js";
import { campaignConcede } from "./sacrifice.js";
import { Tutorial } from "./tutorial.js";
import { GameNight } from "./gamenight.js";
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
  menu: $("menu"),
  menuStatus: el("div", { class: "menu-status" }),
  right: $("right"),
  sheetHandle: $("sheet-handle"),
};
const sounds = new Sounds();
explainTerms(); // before the keys below: Enter on a word of the rules opens its explanation
const tutorial = new URLSearchParams(location.search).has("tutorial") && !spectator
  ? new Tutorial(page.decision.parentNode.insertBefore(el("section", { id: "tutorial" }), page.decision), boot.table.redraw_cost)
  : null;

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
 *   ``storeBusy`` (the server's store is away, the action is sent again): ``setBusy``;
 * - ``online`` (every socket open) and ``refused`` (the server refuses a token of this page:
 *   nothing can be played, no more reconnecting): ``setOnline`` and ``refuse``;
 * - ``endShown`` (the end's sheet was shown once): ``renderOverlay``; ``replay`` (the replay
 *   running, the table then shows its frames): ``startReplay``;
 * - ``drag`` (the ruler while dragging: the serial of the newest preview asked, the point
 *   still to ask, a preview on its way): ``dragPreview``; ``dropMove`` ends it;
 * - ``motion`` (the paths the shown seat's figures just moved, for the next drawing to slide
 *   along): ``receive``; ``render`` uses it once;
 * - ``hand`` (the cards in the order shown, for the keys that pick them): ``renderHandArea``;
 * - ``nudge`` (the point the arrow keys last asked for a figure's move): ``nudge``; cleared
 *   with the decision being built (``cancel``, ``send``, ``receive``);
 * - ``sheetMoment`` (the version and decision the bottom sheet last showed from its top):
 *   ``render``.
 */
const state = {
  views: new Map(),
  shown: boot.payload.seat,
  revealed: !boot.hotseat,
  mode: null,
  selected: null,
  busy: false,
  storeBusy: false, // the server's store is away: an action waits to be sent again (503)
  error: null,
  online: true,
  refused: false,
  endShown: false,
  replay: null,
  drag: { serial: 0, wanted: null, busy: false },
  motion: null,
  hand: [],
  nudge: null,
  sheetMoment: null,
};

const board = new Board($("board"), boot.table, {
  canDrag: (name) => canMove(name),
  onDrag: (name, point) => dragPreview(name, point),
  onDrop: (name, point) => dropMove(name, point),
  onDragCancel: () => render(),
  onFigureClick: (name) => clickFigure(name),
  onFigureKey: (name) => keyFigure(name),
  onBoardClick: (point) => clickBoard(point),
});
// chat, takeback, tape, rematch, downloads (gamenight.js): hooked into render, clicks, the end
const night = new GameNight({ boot, lang, apis, spectator, board: $("board"), view: () => view(), shown: () => state.shown });

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
  if (before && (before.serial ?? before.version) > (payload.serial ?? payload.version)) return; // a takeback lowers the version
  state.views.set(seat, payload);
  if (seat === state.shown) showHappenings(payload, newEvents(before, payload));
  if (before && before.version !== payload.version && seat === state.shown) {
    state.mode = null;
    state.nudge = null;
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

/** What just happened, shown: moves slide (the next drawing), shots flash, sounds if on. */
function showHappenings(v, events) {
  if (!events.length) return;
  const paths = movedPaths(events);
  if (paths.size) state.motion = paths;
  const at = (name) => v.figures.find((f) => f.name === name)?.position;
  for (const e of events) {
    if (e.type === "attack_declared") {
      const from = at(e.attacker);
      const to = at(e.target);
      if (from && to) setTimeout(() => board.flash(from, to), paths.size && !reducedMotion() ? 400 : 0);
      sounds.play("shot");
    } else if (e.type === "figures_moved") sounds.play("move");
    else if (e.type === "wounded") sounds.play("hit");
    else if (e.type === "bid_placed" || e.type === "defence_played") sounds.play("card");
  }
  if (v.to_act === v.seat && !v.is_over) sounds.play("turn");
}

function setOnline(open) {
  state.online = open && [...channels.values()].every((c) => c.connected);
  renderTools();
}

/** The server's store is away (an action waits to be sent again) or back. */
function setBusy(waiting) {
  if (state.storeBusy === waiting) return;
  state.storeBusy = waiting;
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
    state.nudge = null;
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
  const serial = ++state.drag.serial;
  if (!canMove(name)) return render();
  try {
    const p = await apis.get(state.shown).preview(moveRequest(name, point, hide));
    if (serial !== state.drag.serial) return; // a later drop (a key held down) asked since
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
  if (!v || state.replay || night.tapeClick({ figure: name })) return;
  if (state.refused) return;
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

/** Enter on a figure: confirms its planned move, else acts as a click on it. */
function keyFigure(name) {
  if (state.mode?.kind === "move" && state.mode.preview?.legal && state.mode.last?.[0] === name) {
    return send(state.mode.preview.action);
  }
  clickFigure(name);
}

/** Arrow keys: nudge the planned move of the selected (or focused) own figure by ``dx, dy``
 * inches (a move is planned from where it stands); Enter then confirms it. */
function nudge(dx, dy) {
  const v = view();
  if (!myTurn(v) || v.phase !== "action") return false;
  const focused = document.activeElement?.closest?.(".figure")?.dataset.figure;
  let name = state.mode?.kind === "move" && state.mode.last ? state.mode.last[0] : state.selected;
  if (focused && mine(focused) && focused !== name) name = focused;
  if (!name || !canMove(name)) return false;
  const fig = v.figures.find((f) => f.name === name);
  const planned = state.mode?.kind === "move" && state.mode.last?.[0] === name;
  // from the last nudge asked, even while its preview is on its way (keys come fast)
  const from = state.nudge?.name === name ? state.nudge.point : planned ? state.mode.last[1] : fig.position;
  const clamp = (value, limit) => Math.round(Math.min(Math.max(value, 0), limit) * 100) / 100;
  const goal = [clamp(from[0] + dx, boot.table.width), clamp(from[1] + dy, boot.table.height)];
  state.selected = name;
  state.nudge = { name, point: goal };
  dropMove(name, goal, planned ? !!state.mode.hide : false);
  return true;
}

function clickBoard(point) {
  if (state.replay || night.tapeClick({ point })) return;
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
  if (state.mode.last) page.preview.dataset.goal = state.mode.last[1].join(",");
  else delete page.preview.dataset.goal;
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
    renderAttack(page.preview, p, state.mode.card, (option) => send(option.action), boot.table);
  } else {
    fill(page.preview);
  }
}

function showSpots(name) {
  const spots = legal("move").filter((a) => a.steps.length === 1 && a.steps[0].figure === name).map((a) => a.steps[0]);
  const unique = new Map();
  for (const s of spots) unique.set(s.path[s.path.length - 1].join(","), s);
  const label = (spot) => {
    const end = spot.path[spot.path.length - 1];
    return t("spot_label", { figure: name, x: num(end[0]), y: num(end[1]) });
  };
  board.drawSpots([...unique.values()], (spot) => dropMove(name, spot.path[spot.path.length - 1], spot.hide), label);
}

function renderHandArea(v) {
  if (spectator) {
    document.body.classList.add("spectator");
    page.handWrap.classList.add("spectator");
    return;
  }
  page.handWrap.classList.toggle("covered", !state.revealed);
  page.handTitle.textContent = boot.hotseat ? t("hand_of", { name: v.labels[v.seat] }) : t("your_hand");
  state.hand = renderHand(page.hand, v.hand, handMarks, clickCard, figureHands(v), actingFigure(v));
  if (state.refused) for (const card of page.hand.querySelectorAll("button")) card.disabled = true;
}

/** The figure whose hand matters most now (per character): the one selected, the target of
 * the attack to answer, the one tempting fate, else the first whose cards can be played. */
function actingFigure(v) {
  if (!v.figure_hands) return null;
  const own = (name) => (name && name in v.figure_hands ? name : null);
  const marks = (card) => handMarks(card).includes("playable");
  return (
    own(state.mode?.last?.[0]) ||
    own(state.selected) ||
    own(v.decision?.attack?.target) ||
    own(v.decision?.figure) ||
    Object.keys(v.figure_hands).find((name) => v.figure_hands[name].some(marks)) ||
    null
  );
}

/** Per character (D-5): the own figures' hands as groups, the acting figure's first. */
function figureHands(v) {
  if (!v.figure_hands) return null;
  const acting = actingFigure(v);
  const groups = Object.entries(v.figure_hands).map(([name, cards]) => {
    const fig = v.figures.find((f) => f.name === name) || { hp: 0, hp_max: 0, out: true };
    return { name, cards, hp: fig.hp, hp_max: fig.hp_max, out: fig.out };
  });
  groups.sort((a, b) => (b.name === acting) - (a.name === acting) || a.out - b.out);
  return groups;
}

/**
 * Round, dealer, initiative and piles; once the server refuses this page, the refusal in
 * their place: they would show a moment that no longer changes, and they crowded the title.
 */
function renderHeader(v) {
  if (!state.refused) return renderStatus(page.status, v, page.menuStatus);
  fill(page.status,
    el("span", { class: "pill refused", role: "alert", title: t("connection_refused_hint") }, t("connection_refused")));
}

async function copySpectatorLink(e) {
  const link = new URL(boot.spectator_url, location.href).href;
  try {
    await navigator.clipboard.writeText(link);
    toast(t("copied"), "info");
  } catch {
    prompt(t("spectator_link"), link);
  }
  e?.target?.blur?.();
}

function openMenu(open) {
  page.menu.hidden = !open;
  document.getElementById("menu-button")?.setAttribute("aria-expanded", String(open));
}

/**
 * The header's tools: on a wide screen the language and the lobby, and the menu (☰) with the
 * rest (the spectator link, the keys, the rules, sounds, the whole table); on a narrow one only
 * the menu, which then holds everything, the piles and the dealer too (table.css). Others may
 * add entries to the menu: ``window.totenblatt.menu``.
 */
function renderTools() {
  const v = view();
  const url = new URL(location.href);
  const other = lang === "de" ? "en" : "de";
  url.searchParams.set("lang", other);
  const language = () => el("a", { href: url.pathname + url.search, hreflang: other, title: other === "de" ? "Deutsch" : "English" },
    el("span", { class: "long" }, other === "de" ? "Deutsch" : "English"), el("span", { class: "short" }, other.toUpperCase()));
  const lobby = () => el("a", { href: `/?lang=${lang}` }, t("lobby"));
  fill(page.tools,
    state.refused || state.online ? null : el("span", { class: "pill", title: t("connection_lost") }, t("connection_lost")),
    state.storeBusy ? el("span", { class: "pill busy", id: "store-busy", role: "status" }, t("server_busy")) : null,
    language(),
    lobby(),
    button("☰", () => openMenu(page.menu.hidden), "btn-menu", {
      id: "menu-button", "aria-haspopup": "true", "aria-controls": "menu", "aria-expanded": String(!page.menu.hidden), title: t("menu"), "aria-label": t("menu"),
    }),
  );
  const item = (label, onclick, extra = {}) => button(label, () => { openMenu(false); onclick(); }, "", extra);
  fill(page.menu,
    page.menuStatus,
    state.refused || state.online ? null : el("span", { class: "narrow-only pill" }, t("connection_lost")),
    item(t("spectator_link"), () => copySpectatorLink(), { id: "spectator-link" }),
    item(t("help"), showKeys, { id: "keys-help" }),
    el("a", { href: `/rules?lang=${lang}&ruleset=${encodeURIComponent(v?.ruleset || "base")}`, target: "_blank", rel: "noopener", id: "rules-link" }, t("rules")),
    item(sounds.on ? t("sounds_on") : t("sounds_off"), () => { sounds.toggle(); renderTools(); }, { id: "sounds", "aria-pressed": String(sounds.on) }),
    item(t("zoom_fit"), () => board.resetView()),
    ...menuExtras.map((make) => make()),
    el("a", { href: url.pathname + url.search, hreflang: other, class: "narrow-only" }, other === "de" ? "Deutsch" : "English"),
    el("a", { href: `/?lang=${lang}`, class: "narrow-only" }, t("lobby")),
  );
  return v;
}

/** Entries other parts of the page add to the menu (functions that make an element). */
const menuExtras = [];

function render() {
  const v = view();
  if (!v) return;
  if (state.replay) return;
  renderHeader(v);
  renderSeats(page.seats, v, boot.table);
  const paths = state.motion;
  state.motion = null;
  board.update(v.figures, figureMarks(v), (f) => figureFacts(f, boot.table), paths);
  renderHandArea(v);
  renderDecision(v);
  renderPreview(v);
  renderLog(page.log, v.log);
  night.render(v);
  tutorial?.update(v, myTurn(v));
  markTurn(myTurn(v), v.version);
  renderOverlay(v);
  // on a phone the sheet shows the decision whenever it is new, and a preview (a planned move,
  // an aimed shot: its buttons) as it comes (a card tapped below may have scrolled them away)
  const moment = `${v.version}:${state.mode?.kind || ""}:${state.mode?.target || ""}:${!!state.mode?.preview}`;
  if (moment !== state.sheetMoment) {
    state.sheetMoment = moment;
    if (page.right.scrollHeight > page.right.clientHeight + 1) {
      const handle = page.sheetHandle?.offsetHeight || 0;
      page.right.scrollTop = state.mode?.preview && page.preview.firstChild ? Math.max(0, page.preview.offsetTop - handle - 4) : 0;
    }
  }
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
        ...night.endButtons(v),
        el("a", { class: "btn", href: `/?lang=${lang}` }, t("new_game"))),
    );
  }
}

function showKeys() {
  sheet(el("h2", {}, t("help")), el("p", {}, t("keys_all")), button(t("close"), closeOverlay, "btn primary"));
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
  state.nudge = null;
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
  if (!page.menu.hidden && event.key === "Escape") return openMenu(false);
  const key = event.key;
  const arrows = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  if (key in arrows) {
    if (event.target.closest?.("#hand, #menu, .buttons")) return;
    const step = event.shiftKey ? 0.25 : 1;
    if (nudge(arrows[key][0] * step, arrows[key][1] * step)) event.preventDefault();
    return;
  }
  const card = state.hand[CARD_KEYS.indexOf(key)];
  if (card && !event.target.closest?.("#menu")) {
    clickCard(card);
  } else if (key === "+" || key === "=") {
    board.zoomBy(1.25);
  } else if (key === "-" || key === "−") {
    board.zoomBy(1 / 1.25);
  } else if (key === "0") {
    board.resetView();
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
for (const entry of boot.tokens) {
  if (entry.seat === null) continue; // a spectator's link is no seat of this browser's
  const title = document.querySelector("#bar h1")?.textContent || "";
  holdSeat({ game_id: boot.game_id, seat: entry.seat, token: entry.token, title, name: boot.payload.name || null, lang });
}
renderTools();
render();
// a narrow screen shows the table's width: it starts around the seat's own figures
{
  const v = view();
  const own = v.figures.filter((f) => f.seat === v.seat && !f.out);
  if (own.length) board.focusOn([0, own.reduce((sum, f) => sum + f.position[1], 0) / own.length]);
}
for (const button of document.querySelectorAll("#zoom [data-zoom]")) {
  const how = button.dataset.zoom;
  button.addEventListener("click", () => (how === "fit" ? board.resetView() : board.zoomBy(how === "in" ? 1.4 : 1 / 1.4)));
}
page.sheetHandle?.addEventListener("click", () => {
  const open = page.right.classList.toggle("expanded");
  page.sheetHandle.setAttribute("aria-expanded", String(open));
});
document.addEventListener("click", (event) => {
  if (!page.menu.hidden && !event.target.closest?.("#menu, #menu-button")) openMenu(false);
});
for (const entry of boot.tokens) {
  channels.set(
    entry.seat,
    new Channel(boot.game_id, entry.token, lang, {
      handlers: { view: (payload) => receive(entry.seat, payload) },
      onState: (open) => setOnline(open),
      onRefused: () => refuse(),
      onBusy: (waiting) => setBusy(waiting),
      check: () => apis.get(entry.seat).view(),
      lost: t("connection_lost"),
    }),
  );
}
window.totenblatt = {
  view: () => view(),
  seat: () => state.shown,
  board,
  /** Add an entry to the header's menu: ``make()`` returns its element (a button, a link). */
  menu: (make) => {
    menuExtras.push(make);
    renderTools();
  },
};
