// The board on a narrow screen (a phone): framed on the shown seat's figures and the enemies
// nearest them (a duel's enemy in view and tappable at the first shot, without zooming); the
// zoom buttons off the board, in the sheet's top row beside its handle; the board keeping at
// least half the screen whenever a decision needs a tap on it.

import { NARROW, narrow } from "../board.js";
import { board } from "./parts.js";
import { myTurn, page, state } from "./state.js";

/** The points to frame for view ``v``: the seat's living figures and, for each, the nearest
 * living enemy; while the seat may shoot, its targets too. */
export function framePoints(v) {
  const living = v.figures.filter((f) => !f.out);
  const own = living.filter((f) => f.seat === v.seat);
  const enemies = living.filter((f) => f.seat !== v.seat && !(v.teams && v.teams[f.seat] === v.teams[v.seat]));
  const picked = new Set(own);
  for (const f of own) {
    const near = enemies.reduce((best, e) => (!best || dist(f, e) < dist(f, best) ? e : best), null);
    if (near) picked.add(near);
  }
  if (myTurn(v)) for (const a of v.legal_actions) if (a.type === "attack") picked.add(living.find((f) => f.name === a.target));
  return [...picked].filter(Boolean).map((f) => f.position);
}

function dist(a, b) {
  return Math.hypot(a.position[0] - b.position[0], a.position[1] - b.position[1]);
}

/** Frame view ``v`` as it opens (a narrow screen). */
export function frameOpening(v) {
  board.frame(framePoints(v));
  state.framed = v.version;
}

/**
 * A new decision of the shown seat's on the board (the action phase): framed again unless a
 * person zoomed or panned since; the sheet folds back to its half so the board keeps the rest.
 */
export function keepBoard(v) {
  if (!myTurn(v) || v.phase !== "action") return;
  if (page.right.classList.contains("expanded") && narrow()) {
    page.right.classList.remove("expanded");
    page.sheetHandle?.setAttribute("aria-expanded", "false");
  }
  if (state.framed === v.version) return;
  state.framed = v.version;
  board.frame(framePoints(v), true);
}

/** On a narrow screen the zoom buttons sit in the sheet's top row, beside its handle, off the
 * board (they covered figures at its edge); on a wide one beside the board again. */
export function placeZoom() {
  const zoom = document.getElementById("zoom");
  const wrap = document.getElementById("board-wrap");
  if (!zoom || !page.sheetHandle || !wrap) return;
  let top = document.getElementById("sheet-top");
  if (!top) {
    top = document.createElement("div");
    top.id = "sheet-top";
    page.right.prepend(top);
  }
  const place = () => {
    if (narrow()) top.append(page.sheetHandle, zoom);
    else {
      page.right.prepend(page.sheetHandle);
      wrap.append(zoom);
    }
    top.hidden = !narrow();
  };
  place();
  window.matchMedia?.(NARROW).addEventListener?.("change", place);
}
