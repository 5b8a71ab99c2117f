// The table page: one seat (or several in hot-seat, or a spectator) playing by pointing.
// Every rule is the server's: legal actions, labels, the ruler and the odds come from it.
//
// This file starts the page; the files of table/ each hold one concern and share the one
// state object of table/state.js:
// - state.js: the server's boot data, the seats, the page's nodes, the state, what the shown
//   seat may do now;
// - parts.js: what is made once (sounds, the tutorial, the board and its handlers, the night);
// - sockets.js: views coming in, the connection, a refusal, and ``send`` (actions going out);
// - hotseat.js: following the turn, the pass-the-device sheet;
// - plan.js: the decision being built (a move with its ruler, an aimed shot), ``cancel``;
// - pointing.js: taps on figures, the table and cards; the arrow keys' nudges;
// - render.js: drawing the shown view whole; decision.js, preview.js, hand.js, tools.js (the
//   header and its menu), overlays.js (the end, conceding, the replay): its parts;
// - sheet.js: a sheet over the page, the keys' help; redraw.js: render.js's ``render`` as the
//   parts below it call it;
// - framing.js: the board on a phone (framed on the figures that matter, the zoom buttons off
//   it, half the screen kept for it); end.js: the end's summary and its last shot;
// - keys.js: the keys and the focus order.
// They call each other's functions only after every file has loaded: nothing but this file
// and parts.js does anything as it loads (render.js, plan.js and pointing.js only hand their
// functions down: to redraw.js, to the board's handlers), so no two import each other, even
// by way of others (tests/architecture/test_js_imports.py). What a game in play never needs
// (the end, the replay, the tutorial, a campaign's concession) loads on demand (import()).

import { holdSeat } from "./mine.js";
import { frameOpening, placeZoom } from "./table/framing.js";
import { bindKeys } from "./table/keys.js";
import { board } from "./table/parts.js";
import { render } from "./table/render.js";
import { openSockets } from "./table/sockets.js";
import { boot, lang, page, state, view } from "./table/state.js";
import { addMenuEntry, openMenu, renderTools } from "./table/tools.js";

bindKeys();

// -- start ----------------------------------------------------------------------------

state.views.set(boot.payload.seat, boot.payload);
for (const entry of boot.tokens) {
  if (entry.seat === null) continue; // a spectator's link is no seat of this browser's
  const title = document.querySelector("#bar h1")?.textContent || "";
  holdSeat({ game_id: boot.game_id, seat: entry.seat, token: entry.token, title, name: boot.payload.name || null, lang });
}
renderTools();
render();
// a narrow screen shows the seat's figures and the enemies nearest them; its zoom buttons sit
// in the sheet's top row, off the board
// (⤢ then shows the table's width around the seat's own figures)
placeZoom();
{
  const v = view();
  const own = v.figures.filter((f) => f.seat === v.seat && !f.out);
  if (own.length) board.focusOn([0, own.reduce((sum, f) => sum + f.position[1], 0) / own.length]);
  frameOpening(v);
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
openSockets();
window.totenblatt = {
  view: () => view(),
  seat: () => state.shown,
  board,
  /** Add an entry to the header's menu: ``make()`` returns its element (a button, a link). */
  menu: (make) => addMenuEntry(make),
};
