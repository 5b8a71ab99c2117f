// The board's one state object and the conversions every other file of the board uses: client
// points to SVG units and to table inches, pixels per inch, the size of a hit area.
// One SVG unit is one inch; the engine's y grows upwards, the SVG's downwards.

import { svg } from "../util.js";

export const HIT_PX = 44; // a figure's or a spot's hit area, at least this wide (CSS pixels)

/**
 * Everything the board keeps, in one object: made once by ``createBoardState``, read and
 * written by the board's files (labels, view, pointer, drag, draw, figures, animation); the
 * page reaches it only through ``Board`` (board.js).
 * - ``svg``: the board's SVG element; ``width``, ``height``, ``base``: the table and a base
 *   (inches); ``handlers``: the page's callbacks (canDrag, onDrag, onDrop, onDragCancel,
 *   onFigureClick, onFigureKey, onBoardClick, onView; any may be missing);
 * - the layers (SVG groups): ``figureLayer``, ``marks``, ``spotLayer`` (offered spots, above
 *   the figures: a tap at a spot's centre reaches the spot, never the hit area of a figure
 *   beside it, issue 42), ``ruler``, ``fx`` (a shot's flash);
 * - pointing: ``press`` (the pointer pressed: {id, name (its figure or null), client, kind,
 *   dragging, panning}), ``pointers`` (pointer id -> its last client point; two of them: a
 *   pinch), ``pinch`` ({distance, mid} while two pointers pinch);
 * - ``positions`` (figure name -> [x, y] of the living), ``spots`` (the offered spots:
 *   {point, element, onPick});
 * - the view: ``full`` (the table and its inch marks, SVG units), ``zoom`` (times the fitting
 *   scale), ``centre`` (the view's centre, SVG units; null: the table's, or the focus),
 *   ``focusPoint`` (where a narrow screen starts, SVG units), ``moved`` (a person zoomed or
 *   panned since the view was last framed: ``frame`` then leaves it);
 * - ``terrain``: the terrain names' boxes once measured (null before).
 */
export function createBoardState(element, table, handlers) {
  const figureLayer = element.querySelector("#figures");
  let spotLayer = element.querySelector("#spots");
  if (!spotLayer) {
    spotLayer = svg("g", { id: "spots" });
    figureLayer.after(spotLayer);
  }
  let fx = element.querySelector("#fx");
  if (!fx) {
    fx = svg("g", { id: "fx" });
    element.append(fx);
  }
  const width = table.width;
  const height = table.height;
  const box = (element.getAttribute("viewBox") || `0 0 ${width} ${height}`).split(/\s+/).map(Number);
  return {
    svg: element,
    width,
    height,
    base: table.base || 1,
    handlers,
    figureLayer,
    marks: element.querySelector("#marks"),
    spotLayer,
    ruler: element.querySelector("#ruler"),
    fx,
    press: null,
    pointers: new Map(),
    pinch: null,
    positions: new Map(),
    spots: [],
    full: { x: box[0], y: box[1], w: box[2], h: box[3] },
    zoom: 1,
    centre: null,
    focusPoint: null,
    moved: false,
    terrain: null,
  };
}

/** A number to three decimals (an attribute's value). */
export function round(value) {
  return Math.round(value * 1000) / 1000;
}

/** The SVG point (units, y down) under a client point. */
export function localPoint(s, clientX, clientY) {
  const point = s.svg.createSVGPoint();
  point.x = clientX;
  point.y = clientY;
  const local = point.matrixTransform(s.svg.getScreenCTM().inverse());
  return [local.x, local.y];
}

/** The table point (inches, y up) under a client point, clamped to the table. */
export function pointAt(s, clientX, clientY) {
  const local = localPoint(s, clientX, clientY);
  const x = Math.min(Math.max(local[0], 0), s.width);
  const y = Math.min(Math.max(s.height - local[1], 0), s.height);
  return [Math.round(x * 100) / 100, Math.round(y * 100) / 100];
}

/** The SVG points attribute of a path of table points. */
export function svgPoints(s, path) {
  return path.map((p) => `${p[0]},${s.height - p[1]}`).join(" ");
}

/** A line between two table points, of class ``cls``. */
export function segment(s, cls, from, to) {
  return svg("line", { class: cls, x1: from[0], y1: s.height - from[1], x2: to[0], y2: s.height - to[1] });
}

/** CSS pixels per inch as the board is drawn now. */
export function scale(s) {
  const ctm = s.svg.getScreenCTM();
  return ctm ? Math.abs(ctm.a) || 1 : 1;
}

/** A hit area's radius in inches: half of HIT_PX on the screen, never less than a base. */
export function hitRadius(s) {
  return Math.max(s.base / 2, HIT_PX / 2 / scale(s) + 0.02);
}

/** An offered spot's disc: 9 CSS pixels, at least 0.4". */
export function spotDot(s) {
  return round(Math.max(0.4, 9 / scale(s)));
}
