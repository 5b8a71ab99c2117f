// The pointers on the board: a press (drag.js makes it a drag or a pan), two pressed at once a
// pinch that zooms and pans, the wheel, a tap on a figure, a spot or the empty table (hit areas
// at least HIT_PX wide), and Enter or Space on a focused figure or spot.

import { pressEnd, pressMove, pressStart } from "./drag.js";
import { hitRadius, localPoint, pointAt } from "./state.js";
import { panBy, wheel, zoomBy } from "./view.js";

/** The nearest living figure or spot whose hit area holds the table point ``p``. */
function nearest(s, p, withSpots = true) {
  const reach = hitRadius(s);
  let best = null;
  for (const [name, at] of s.positions) {
    const d = Math.hypot(at[0] - p[0], at[1] - p[1]);
    if (d <= reach && (!best || d < best.d)) best = { d, figure: name };
  }
  if (withSpots) {
    for (const spot of s.spots) {
      const d = Math.hypot(spot.point[0] - p[0], spot.point[1] - p[1]);
      // a figure's own base wins over a spot beside it
      if (d <= reach && (!best || d < best.d - (best.figure ? 0.3 : 0))) best = { d, spot };
    }
  }
  return best;
}

/** The figure or spot under a client point (raw, not clamped to the table: a press beside
 * the table still reaches a figure at its edge). */
function nearestAt(s, event, withSpots) {
  const local = localPoint(s, event.clientX, event.clientY);
  return nearest(s, [local[0], s.height - local[1]], withSpots);
}

/** The figure under a pointer event: the nearest whose hit area holds the point. */
function pressedFigure(s, event) {
  const found = nearestAt(s, event, false);
  if (found?.figure) return found.figure;
  const g = event.target.closest?.(".figure");
  return g && !g.classList.contains("out") ? g.dataset.figure : null;
}

function down(s, event) {
  if (event.pointerType === "mouse" && event.button !== 0) return;
  s.pointers.set(event.pointerId, [event.clientX, event.clientY]);
  try {
    s.svg.setPointerCapture(event.pointerId);
  } catch {
    // a synthetic pointer cannot be captured: the events still come to the board
  }
  if (s.pointers.size === 2) {
    if (s.press?.dragging) s.handlers.onDragCancel?.(s.press.name);
    s.press = null;
    const [a, b] = [...s.pointers.values()];
    s.pinch = { distance: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
    return;
  }
  if (s.pointers.size > 2) return;
  pressStart(s, event, pressedFigure(s, event));
}

function move(s, event) {
  if (s.pointers.has(event.pointerId)) s.pointers.set(event.pointerId, [event.clientX, event.clientY]);
  if (s.pinch && s.pointers.size === 2) {
    const [a, b] = [...s.pointers.values()];
    const distance = Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
    const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    panBy(s, mid[0] - s.pinch.mid[0], mid[1] - s.pinch.mid[1]);
    zoomBy(s, distance / s.pinch.distance, localPoint(s, mid[0], mid[1]));
    s.pinch = { distance, mid };
    return;
  }
  pressMove(s, event);
}

function up(s, event) {
  s.pointers.delete(event.pointerId);
  if (s.pinch) {
    if (s.pointers.size < 2) s.pinch = null;
    return;
  }
  const tap = pressEnd(s, event);
  if (!tap) return;
  const found = nearestAt(s, event, true);
  if (found?.spot) return found.spot.onPick();
  if (tap.name) return s.handlers.onFigureClick(tap.name);
  s.handlers.onBoardClick(pointAt(s, event.clientX, event.clientY));
}

function cancel(s, event) {
  s.pointers.delete(event?.pointerId);
  if (s.pointers.size < 2) s.pinch = null;
  if (s.press?.dragging) s.handlers.onDragCancel(s.press.name);
  s.press = null;
}

/** Enter or Space on a focused figure (``onFigureKey``, else a click) or spot (picks it). */
function key(s, e) {
  if (e.key !== "Enter" && e.key !== " ") return;
  const g = e.target.closest?.(".figure");
  const spot = e.target.closest?.(".spot-g");
  if (!g && !spot) return;
  e.preventDefault();
  e.stopPropagation();
  if (g) (s.handlers.onFigureKey || s.handlers.onFigureClick)(g.dataset.figure);
  else s.spots.find((x) => x.element === spot)?.onPick();
}

/** Listen to the board's pointers, wheel and keys. */
export function bindPointer(s) {
  const element = s.svg;
  element.addEventListener("pointerdown", (e) => down(s, e));
  element.addEventListener("pointermove", (e) => move(s, e));
  element.addEventListener("pointerup", (e) => up(s, e));
  element.addEventListener("pointercancel", (e) => cancel(s, e));
  element.addEventListener("wheel", (e) => wheel(s, e), { passive: false });
  element.addEventListener("keydown", (e) => key(s, e));
}
