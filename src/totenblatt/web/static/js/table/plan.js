// The decision being built (``state.mode``): a move planned with the server's ruler (dragged,
// dropped, nudged, a club chosen, hidden or not), a shot aimed with its odds; cancelled whole.

import { inches, num, toast } from "../util.js";
import { board, boardHandlers } from "./parts.js";
import { render } from "./redraw.js";
import { apis, canMove, legal, state } from "./state.js";

// the board's drag ends here (parts.js made the board; its handlers are read as a person drags)
Object.assign(boardHandlers, {
  onDrag: (name, point) => dragPreview(name, point),
  onDrop: (name, point) => dropMove(name, point),
});

// -- the move ruler -------------------------------------------------------------------

/** The preview request of moving ``name`` to ``point`` after the steps planned for the others. */
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

/** The ruler's tag of a move preview: its inches, of the allowance if any. */
export function rulerLabel(p) {
  if (p.total === null) return "✗";
  // a refused move shows hundredths: 12.03" is over a 12" club, though it rounds to 12.0"
  const total = p.legal ? inches(p.total) : `${num(p.total, 2)}"`;
  return p.allowance === null ? total : `${total} / ${inches(p.allowance)}`;
}

/** While dragging: the ruler to the newest point (one preview on its way at a time). */
export async function dragPreview(name, point) {
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

/** Plan moving ``name`` to ``point`` (``hide``: hidden there), with the server's preview. */
export async function dropMove(name, point, hide = false) {
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

/** Hide at the planned move's end, or no longer (asks the preview again). */
export function toggleHide() {
  if (state.mode?.kind !== "move" || !state.mode.last) return;
  const [name, point] = state.mode.last;
  dropMove(name, point, !state.mode.hide);
}

/** A club of the hand chosen (or chosen no longer) for the move being planned. */
export function chooseClub(card) {
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

/** Aim ``shooter`` at ``target``: the attack's preview (the odds of each card). */
export async function aim(shooter, target) {
  try {
    const p = await apis.get(state.shown).preview({ kind: "attack", attacker: shooter, target });
    const card = state.mode?.kind === "attack" ? state.mode.card : null;
    state.mode = { kind: "attack", shooter, target, preview: p, card };
  } catch (e) {
    toast(e.message);
  }
  render();
}

/** A spade of the hand chosen (or chosen no longer) for the shot. */
export function chooseSpade(card) {
  if (state.mode?.kind === "attack") state.mode.card = state.mode.card === card ? null : card;
  else state.mode = { kind: "aim", card };
  render();
}

/** Drop the decision being built and the selection. */
export function cancel() {
  state.mode = null;
  state.nudge = null;
  state.selected = null;
  state.error = null;
  render();
}
