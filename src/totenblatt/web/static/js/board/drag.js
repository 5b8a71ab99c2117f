// A press on the board: once it has moved far enough it drags its figure (when the page lets
// it: ``canDrag``), a ghost base following, or else pans the view; let go, the drag drops.

import { svg } from "../util.js";
import { pointAt } from "./state.js";
import { panBy } from "./view.js";

const DRAG_PX = { mouse: 4, pen: 6, touch: 9 }; // screen pixels before a press becomes a drag

/** A press begins: on the figure ``name`` (null: the empty table). */
export function pressStart(s, event, name) {
  s.press = {
    id: event.pointerId,
    name,
    client: [event.clientX, event.clientY],
    kind: event.pointerType || "mouse",
    dragging: false,
    panning: false,
  };
}

/** The pressed pointer moved: past DRAG_PX a drag (the ghost follows, ``onDrag``) or a pan. */
export function pressMove(s, event) {
  const press = s.press;
  if (!press || press.id !== event.pointerId) return;
  const dx = event.clientX - press.client[0];
  const dy = event.clientY - press.client[1];
  if (!press.dragging && !press.panning) {
    if (Math.hypot(dx, dy) <= (DRAG_PX[press.kind] ?? 4)) return;
    if (press.name && s.handlers.canDrag(press.name)) press.dragging = true;
    else press.panning = true;
  }
  if (press.panning) {
    panBy(s, dx, dy);
    press.client = [event.clientX, event.clientY];
    return;
  }
  const point = pointAt(s, event.clientX, event.clientY);
  ghost(s, point, true);
  s.handlers.onDrag(press.name, point);
}

/** The pressed pointer let go: a drag drops (``onDrop``), a pan ends; a tap's press is the
 * answer (null for anything else). */
export function pressEnd(s, event) {
  const press = s.press;
  if (!press || press.id !== event.pointerId) return null;
  s.press = null;
  if (press.panning) return null;
  if (press.dragging) {
    s.handlers.onDrop(press.name, pointAt(s, event.clientX, event.clientY));
    return null;
  }
  return press;
}

/** The ghost base of a drag at ``point`` (red unless ``ok``). */
export function ghost(s, point, ok) {
  let g = s.ruler.querySelector(".ghost.live");
  if (!g) {
    g = svg("circle", { class: "ghost live", r: s.base / 2 });
    s.ruler.append(g);
  }
  g.setAttribute("cx", point[0]);
  g.setAttribute("cy", s.height - point[1]);
  g.classList.toggle("bad", !ok);
}
