// The parts of the table page made once, as the page loads, in this order: the sounds, the
// rules' explanations (before the page's keys: Enter on a word of the rules opens its
// explanation), the tutorial's panel, the board and what it tells the page, the game night.

import { Board } from "../board.js";
import { GameNight } from "../gamenight.js";
import { explainTerms, Sounds } from "../motion.js";
import { Tutorial } from "../tutorial.js";
import { el } from "../util.js";
import { clickBoard, clickFigure, keyFigure } from "./pointing.js";
import { dragPreview, dropMove } from "./plan.js";
import { render } from "./render.js";
import { apis, boot, canMove, lang, page, spectator, state, view } from "./state.js";

export const sounds = new Sounds();

explainTerms();

export const tutorial = new URLSearchParams(location.search).has("tutorial") && !spectator
  ? new Tutorial(page.decision.parentNode.insertBefore(el("section", { id: "tutorial" }), page.decision), boot.table.redraw_cost)
  : null;

const element = document.getElementById("board");

export const board = new Board(element, boot.table, {
  canDrag: (name) => canMove(name),
  onDrag: (name, point) => dragPreview(name, point),
  onDrop: (name, point) => dropMove(name, point),
  onDragCancel: () => render(),
  onFigureClick: (name) => clickFigure(name),
  onFigureKey: (name) => keyFigure(name),
  onBoardClick: (point) => clickBoard(point),
});

// chat, takeback, tape, rematch, downloads (gamenight.js): hooked into render, clicks, the end
export const night = new GameNight({ boot, lang, apis, spectator, board: element, view: () => view(), shown: () => state.shown });
