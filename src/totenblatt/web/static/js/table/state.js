// The table page's constants (the server's boot data, the seats and their APIs, the page's
// nodes), its one state object, and what the shown seat may do now (read from the view: every
// rule is the server's).
//
// The served page holds no token and nothing of a seat: the tokens are in the link's fragment
// (#token=A&token=B…, never sent with the page), and this module asks the server for the rest
// (POST /api/games/{id}/boot) before any other module of the page runs (a top-level await).

import { apiRequest } from "../api_request.js";
import { Api } from "../net.js";
import { el, readJson, t } from "../util.js";

/** The page's boot data: the served part (the table, the language) and the tokens' part. */
async function start(served) {
  const tokens = new URLSearchParams(location.hash.slice(1)).getAll("token").filter(Boolean);
  if (!tokens.length) return refused(t("boot_no_token"), null, t("boot_no_token_hint"));
  try {
    const url = `/api/games/${encodeURIComponent(served.game_id)}/boot`;
    return { ...served, ...(await apiRequest("POST", url, { tokens }, { lang: served.lang })) };
  } catch (error) {
    return refused(t("boot_refused"), error.message, t("connection_refused_hint"));
  }
}

/** Why the page cannot start, in place of the table; the page stops there (never settles). */
function refused(title, why, hint) {
  const layout = document.getElementById("layout");
  if (layout) layout.style.display = "none";
  document.getElementById("bar")?.after(el("section", { id: "boot-error", class: "boot-error", role: "alert" },
    el("h2", {}, title), why ? el("p", { class: "why" }, why) : null, el("p", {}, hint),
    el("p", {}, el("button", { class: "btn", type: "button", onclick: () => location.reload() }, t("reload")), " ",
      el("a", { class: "btn", href: `/?lang=${served.lang}` }, t("lobby")))));
  return new Promise(() => {});
}

const served = readJson("boot");
// another link of this game (only its fragment differs: the browser does not load it) is
// another page: load it with its tokens (also after a refusal)
const tokensNow = () => new URLSearchParams(location.hash.slice(1)).getAll("token").join("&");
const opened = tokensNow();
addEventListener("hashchange", () => {
  if (tokensNow() !== opened) location.reload();
});
export const boot = await start(served);
export const lang = boot.lang;
export const seats = boot.tokens.map((entry) => entry.seat);
export const apis = new Map(boot.tokens.map((e) => [e.seat, new Api(boot.game_id, e.token, lang)]));
export const channels = new Map(); // seat -> its socket (sockets.js opens them)
export const spectator = seats.length === 1 && seats[0] === null;

const $ = (id) => document.getElementById(id);

export const page = {
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
 * - ``handsOpen`` (per character, on a phone: figure name -> its row of the hand opened or
 *   folded by a tap on its head; else the acting figure's is open): hand.js; cleared with a
 *   new version;
 * - ``framed`` (the version the board was last framed for on a narrow screen): framing.js;
 * - ``sheetMoment`` (the version and decision the bottom sheet last showed from its top):
 *   ``render``.
 */
export const state = {
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
  framed: null,
  handsOpen: new Map(),
};

// -- what the shown seat may do now ------------------------------------------------------

/** The shown seat's newest view. */
export function view() {
  return state.views.get(state.shown);
}

/** Whether the shown seat decides now (and can: not refused, not a replay, its hand revealed). */
export function myTurn(v = view()) {
  return !spectator && !state.replay && !state.refused && v && v.to_act === v.seat && !v.is_over && state.revealed;
}

/** The legal actions of ``type`` the shown seat has now. */
export function legal(type) {
  const v = view();
  return myTurn(v) ? v.legal_actions.filter((a) => a.type === type) : [];
}

/** The choices of ``group`` the shown seat has now. */
export function choicesOf(group) {
  const v = view();
  return myTurn(v) ? v.choices.filter((c) => c.group === group) : [];
}

/** The shown seat's figure ``name`` if it is in the game, else null. */
export function mine(name) {
  const v = view();
  const fig = v && v.figures.find((f) => f.name === name);
  return fig && fig.seat === v.seat && !fig.out ? fig : null;
}

/** Whether figure ``name`` is the shown seat's and a move is legal now. */
export function canMove(name) {
  return !!mine(name) && legal("move").length > 0;
}

/** The names of the shown seat's figures that may attack now. */
export function shooters() {
  return new Set(legal("attack").map((a) => a.attacker));
}

/** The names of the figures ``shooter`` may attack now. */
export function targetsOf(shooter) {
  return new Set(legal("attack").filter((a) => a.attacker === shooter).map((a) => a.target));
}
