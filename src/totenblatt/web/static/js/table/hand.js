// The hand: its cards marked (playable, chosen), per character the figures' hands as groups
// with the acting figure's first (on a phone a row each, the others folded to their counts);
// covered in hot-seat until its player takes the device.

import { narrow } from "../board.js";
import { renderHand } from "../panels.js";
import { handTitle } from "./hotseat.js";
import { clickCard } from "./pointing.js";
import { render } from "./redraw.js";
import { choicesOf, myTurn, page, spectator, state, view } from "./state.js";

/** The marks of a card of the hand: playable now, chosen for the decision being built. */
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

/** The hand of view ``v`` (a spectator has none; covered in hot-seat until revealed). */
export function renderHandArea(v) {
  if (spectator) {
    document.body.classList.add("spectator");
    page.handWrap.classList.add("spectator");
    return;
  }
  page.handWrap.classList.toggle("covered", !state.revealed);
  page.handTitle.textContent = handTitle(v);
  const folding = narrow() && !!v.figure_hands;
  state.hand = renderHand(page.hand, v.hand, handMarks, clickCard, figureHands(v), actingFigure(v), folding ? toggleHand : null);
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

/** A figure's row of the hand folded or unfolded (a phone: the acting figure's is open). */
function toggleHand(name) {
  const open = state.handsOpen;
  const folded = page.hand.querySelector(`[data-figure-hand="${CSS.escape(name)}"]`)?.classList.contains("folded");
  open.set(name, !!folded);
  render();
}

/** Per character (D-5): the own figures' hands as groups, the acting figure's first; on a
 * phone the others folded (unless their row was opened). */
function figureHands(v) {
  if (!v.figure_hands) return null;
  const acting = actingFigure(v);
  const folding = narrow();
  const groups = Object.entries(v.figure_hands).map(([name, cards]) => {
    const fig = v.figures.find((f) => f.name === name) || { hp: 0, hp_max: 0, out: true };
    return { name, cards, hp: fig.hp, hp_max: fig.hp_max, out: fig.out, folded: false };
  });
  groups.sort((a, b) => (b.name === acting) - (a.name === acting) || a.out - b.out);
  // open: the acting figure's row (none acting: the first), or as its head was last tapped
  const first = acting ?? groups[0]?.name;
  for (const g of groups) g.folded = folding && !(state.handsOpen.has(g.name) ? state.handsOpen.get(g.name) : g.name === first);
  return groups;
}
