// The parts of the table page made once, as the page loads, in this order: the sounds, the
// rules' explanations (before the page's keys: Enter on a word of the rules opens its
// explanation), the tutorial's panel, the board and what it tells the page, the game night.

import { Board } from "../board.js";
import { GameNight } from "../gamenight.js";
import { explainTerms, Sounds } from "../motion.js";
import { el } from "../util.js";
import { render } from "./redraw.js";
import { apis, boot, canMove, lang, page, spectator, state, view } from "./state.js";

export const sounds = new Sounds();

explainTerms();

/** The tutorial's panel (a page opened with ?tutorial): tutorial.js, loaded only then. */
export let tutorial = null;
if (new URLSearchParams(location.search).has("tutorial") && !spectator) {
  import("../tutorial.js").then(({ Tutorial }) => {
    tutorial = new Tutorial(page.decision.parentNode.insertBefore(el("section", { id: "tutorial" }), page.decision), boot.table.redraw_cost);
    render();
  });
}

const element = document.getElementById("board");

/** What the board tells the page: plan.js adds the drag's (onDrag, onDrop), pointing.js the
 * taps' (onFigureClick, onFigureKey, onBoardClick) as they load; the board reads them when a
 * person points, after every file loaded. */
export const boardHandlers = {
  canDrag: (name) => canMove(name),
  onDragCancel: () => render(),
};

export const board = new Board(element, boot.table, boardHandlers);

// chat, takeback, tape, rematch, downloads (gamenight.js): hooked into render, clicks, the end
export const night = new GameNight({ boot, lang, apis, spectator, board: element, view: () => view(), shown: () => state.shown });
