// The table's keys (the menu's help lists them): the cards by their keys, the arrows nudge a
// planned move, Enter confirms, Escape cancels, P passes, R redraws, H hides, L the log,
// + - 0 zoom, ? the help; a replay takes the keys while it runs. Tab goes hand → own figures →
// targets and offered spots → confirm (then the rest of the page); the arrows step between
// the offered spots (and between the targets) on the board.

import { CARD_KEYS } from "../panels.js";
import { covered } from "./hotseat.js";
import { closeOverlay, showKeys } from "./sheet.js";
import { board } from "./parts.js";
import { cancel, toggleHide } from "./plan.js";
import { clickCard, nudge } from "./pointing.js";
import { render } from "./redraw.js";
import { actChoice, send } from "./sockets.js";
import { choicesOf, page, spectator, state } from "./state.js";
import { openMenu } from "./tools.js";

/** Listen to the page's keys (after the rules' explanations: parts.js). */
export function bindKeys() {
  document.addEventListener("keydown", (event) => {
    if (event.target.closest?.("input, select, textarea")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (state.replay) return state.replay.key(event);
    if (!page.overlay.hidden) {
      if (event.key === "Escape" && !covered()) closeOverlay();
      return;
    }
    if (!page.menu.hidden && event.key === "Escape") return openMenu(false);
    const key = event.key;
    const arrows = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (key in arrows) {
      if (event.target.closest?.("#hand, #menu, .buttons")) return;
      if (stepFocus(event.target, arrows[key])) return event.preventDefault();
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
}

/** The Tab order's ranks (positive tabindex, before the rest of the page): the hand, the own
 * figures, the targets and the offered spots, the buttons that confirm. */
const RANKS = [
  ["#hand button.card", 1],
  ["#figures .figure.own:not(.out)", 2],
  ["#figures .figure.can-target, #figures .figure.target, #spots .spot-g", 3],
  ["#preview [data-confirm], #preview [data-fire], #decision .buttons:not(.secondary) button", 4],
];

/** Put the page's game parts in the Tab order hand → figures → targets → confirm (after every
 * drawing: the board and the panels are drawn anew). */
export function orderFocus() {
  if (spectator || state.replay) return;
  for (const [selector, rank] of RANKS) {
    for (const node of document.querySelectorAll(selector)) if (node.getAttribute("tabindex") !== "-1") node.setAttribute("tabindex", rank);
  }
}

/** An arrow on an offered spot (or a target): the focus to the nearest one that way on the
 * screen. True if it moved. */
function stepFocus(from, [dx, dy]) {
  const ring = from.closest?.(".spot-g") ? "#spots .spot-g" : from.closest?.(".figure.can-target, .figure.target") ? "#figures .figure.can-target, #figures .figure.target" : null;
  if (!ring) return false;
  const centre = (n) => {
    const r = (n.querySelector(".spot, .base, circle") || n).getBoundingClientRect();
    return [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  };
  const [x0, y0] = centre(from);
  let best = null;
  for (const node of document.querySelectorAll(ring)) {
    if (node === from) continue;
    const [x, y] = centre(node);
    const along = (x - x0) * dx - (y - y0) * dy; // the screen's y grows downwards
    if (along <= 0.5) continue;
    const across = Math.abs((x - x0) * dy + (y - y0) * dx);
    const cost = along + 2 * across;
    if (!best || cost < best[0]) best = [cost, node];
  }
  if (!best) return true; // the last one that way: the focus stays
  best[1].focus();
  return true;
}
