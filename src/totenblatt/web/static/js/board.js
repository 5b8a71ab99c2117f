// The SVG table, the one public face of board/ (as chessground's api is of its board): figures,
// dragging with a ghost base, the ruler, lines of fire, marks; zoom and pan (buttons, wheel,
// pinch), touch-sized hit areas, focusable spots, moves that slide. One SVG unit is one inch;
// the engine's y grows upwards, the SVG's downwards.
//
// The files behind it share one state object (board/state.js) and each hold one concern:
// labels.js (where names and HP go), figures.js (drawing the figures), animation.js (slides,
// flashes), view.js (zoom and pan), pointer.js (taps, pinch, wheel, keys), drag.js (a press
// that drags or pans), draw.js (ruler, fire, spots, trails).

import { flash } from "./board/animation.js";
import { clear, drawFire, drawRuler, drawSpots, drawTrails, dropSpots } from "./board/draw.js";
import { ghost } from "./board/drag.js";
import { drawFigures, figureElement } from "./board/figures.js";
import { placeLabels } from "./board/labels.js";
import { bindPointer } from "./board/pointer.js";
import { createBoardState, hitRadius, pointAt, scale } from "./board/state.js";
import { applyView, focusOn, frame, panBy, resetView, zoomBy } from "./board/view.js";

export { reducedMotion } from "./board/animation.js";
export { LABEL_SPOTS, layoutLabels } from "./board/labels.js";
export { HIT_PX } from "./board/state.js";
export { NARROW, narrow } from "./board/view.js";

export class Board {
  /**
   * ``element``: the SVG (with groups #figures, #marks, #ruler); ``table``: {width, height,
   * base}; ``handlers``: what the board tells the page (board/state.js lists them).
   */
  constructor(element, table, handlers) {
    this.state = createBoardState(element, table, handlers);
    bindPointer(this.state);
    if (window.ResizeObserver) new ResizeObserver(() => applyView(this.state)).observe(element);
    applyView(this.state);
  }

  /** The table point (inches, y up) under a client point, clamped to the table. */
  pointAt(clientX, clientY) {
    return pointAt(this.state, clientX, clientY);
  }

  /** The table point (inches, y up) under a pointer event, clamped to the table. */
  pointOf(event) {
    return pointAt(this.state, event.clientX, event.clientY);
  }

  /** CSS pixels per inch as the board is drawn now. */
  scale() {
    return scale(this.state);
  }

  /** A hit area's radius in inches: half of HIT_PX on the screen, never less than a base. */
  hitRadius() {
    return hitRadius(this.state);
  }

  /** Where the view starts on a narrow screen: around this table point (inches, y up). */
  focusOn(point) {
    focusOn(this.state, point);
  }

  /** On a narrow screen, frame these table points (inches, y up); ``unlessMoved``: not when a
   * person zoomed or panned since the last framing. */
  frame(points, unlessMoved = false) {
    frame(this.state, points, unlessMoved);
  }

  /** Zoom by ``factor`` keeping the SVG point ``at`` (default: the view's centre) where it is. */
  zoomBy(factor, at = null) {
    zoomBy(this.state, factor, at);
  }

  /** Back to the fitting view. */
  resetView() {
    resetView(this.state);
  }

  /** Move the view by a client distance. */
  panBy(dx, dy) {
    panBy(this.state, dx, dy);
  }

  /** Show every figure as ``figures`` says (board/figures.js: ``drawFigures``). */
  update(figures, marks = {}, describe = null, paths = null) {
    drawFigures(this.state, figures, marks, describe, paths);
  }

  /** Place the figures' names and HP again (board/labels.js). */
  placeLabels(figures) {
    placeLabels(this.state, figures, (fig) => figureElement(this.state, fig));
  }

  /** Empty ``layer``: "marks" (and the offered spots) or "ruler". */
  clear(layer) {
    clear(this.state, layer);
  }

  /** The ghost base of a drag at ``point`` (red unless ``ok``). */
  ghost(point, ok) {
    ghost(this.state, point, ok);
  }

  /** The ruler: each planned step's path, its end base and a tag with the inches. */
  drawRuler(steps, label, ok) {
    drawRuler(this.state, steps, label, ok);
  }

  /** The line of fire between two points (dashed grey when blocked), with the distance. */
  drawFire(from, to, blocked, distance) {
    drawFire(this.state, from, to, blocked, distance);
  }

  /** A shot's flash along its line of fire (not with reduced motion). */
  flash(from, to) {
    flash(this.state, from, to);
  }

  /** Suggested destinations: ``onPick(spot)`` when one is picked; ``label(spot)`` names it. */
  drawSpots(spots, onPick, label = null) {
    drawSpots(this.state, spots, onPick, label);
  }

  /** The offered spots gone. */
  dropSpots() {
    dropSpots(this.state);
  }

  /** Paths moved (the replay). */
  drawTrails(paths) {
    drawTrails(this.state, paths);
  }
}
