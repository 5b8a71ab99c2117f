// Drawing the shown seat's view, whole, after every change: the header, the seats, the board's
// figures and marks, the hand, the decision, the preview, the log, the game night, the
// tutorial, the "your turn" mark, the overlays; on a phone, the sheet scrolled to what is new.

import { figureFacts, renderLog, renderSeats } from "../panels.js";
import { markTurn } from "../turn_mark.js";
import { showClocks } from "./clock.js";
import { renderDecision } from "./decision.js";
import { keepBoard } from "./framing.js";
import { renderHandArea } from "./hand.js";
import { orderFocus } from "./keys.js";
import { renderOverlay } from "./overlays.js";
import { board, night, tutorial } from "./parts.js";
import { renderPreview } from "./preview.js";
import { boot, legal, myTurn, page, shooters, spectator, state, targetsOf, view } from "./state.js";
import { drawWith } from "./redraw.js";
import { renderHeader } from "./tools.js";

/** Classes of the figures of view ``v``: who can act, selected, targets. */
function figureMarks(v) {
  const marks = { "can-act": new Set(), selected: new Set(), target: new Set(), "can-target": new Set(), own: new Set() };
  for (const f of v.figures) if (f.seat === v.seat && !spectator) marks.own.add(f.name);
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

drawWith(render); // the parts below call it through redraw.js

let ending = null; // end.js, loaded the first time a game is over: a game in play never needs it

/** The last shot drawn on the final position (end.js); the view drawn again once it loaded. */
function drawEnd(v) {
  if (ending) ending.drawLastShot(v);
  else import("./end.js").then((module) => { ending = module; render(); });
}

/** Draw the shown view whole (not while a replay runs). */
export function render() {
  const v = view();
  if (!v) return;
  if (state.replay) return;
  keepBoard(v);
  renderHeader(v);
  renderSeats(page.seats, v, boot.table);
  showClocks(page.seats, v);
  const paths = state.motion;
  state.motion = null;
  board.update(v.figures, figureMarks(v), (f) => figureFacts(f, boot.table), paths);
  renderHandArea(v);
  renderDecision(v);
  renderPreview(v);
  if (v.is_over) drawEnd(v);
  renderLog(page.log, v.log);
  night.render(v);
  tutorial?.update(v, myTurn(v));
  markTurn(myTurn(v), v.version);
  renderOverlay(v);
  orderFocus();
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
