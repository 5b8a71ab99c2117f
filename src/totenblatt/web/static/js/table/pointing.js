// Pointing at things: a figure (select it, or aim at it), the empty table (move there), a card
// of the hand, Enter on a figure, the arrow keys nudging a planned move.

import { t, toast } from "../util.js";
import { boardHandlers, night } from "./parts.js";
import { aim, chooseClub, chooseSpade, dropMove } from "./plan.js";
import { render } from "./redraw.js";
import { actChoice, send } from "./sockets.js";
import { boot, canMove, choicesOf, legal, mine, myTurn, shooters, state, view } from "./state.js";

// the board's taps end here (parts.js made the board; its handlers are read as a person taps)
Object.assign(boardHandlers, {
  onFigureClick: (name) => clickFigure(name),
  onFigureKey: (name) => keyFigure(name),
  onBoardClick: (point) => clickBoard(point),
});

/** A figure tapped: an own one is selected; another is aimed at by the selected (or only) shooter. */
export function clickFigure(name) {
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
export function keyFigure(name) {
  if (state.mode?.kind === "move" && state.mode.preview?.legal && state.mode.last?.[0] === name) {
    return send(state.mode.preview.action);
  }
  clickFigure(name);
}

/** Arrow keys: nudge the planned move of the selected (or focused) own figure by ``dx, dy``
 * inches (a move is planned from where it stands); Enter then confirms it. */
export function nudge(dx, dy) {
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

/** The empty table tapped: the selected figure's move goes there. */
export function clickBoard(point) {
  if (state.replay || night.tapeClick({ point })) return;
  if (state.selected && canMove(state.selected)) return dropMove(state.selected, point);
  if (state.mode?.kind === "attack") {
    state.mode = null;
    render();
  }
}

/** A card of the hand tapped: played, or chosen for the decision being built. */
export function clickCard(card) {
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
