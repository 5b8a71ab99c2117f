// Zoom and pan: the part of the table in view (the SVG's viewBox), by the buttons, the wheel,
// a pinch or a drag on the empty table; and the hit areas kept HIT_PX wide at every zoom.

import { hitRadius, localPoint, round, scale, spotDot } from "./state.js";

const ZOOM_MAX = 6; // how far in the buttons, the wheel and a pinch may zoom (times the fit)

/** The media query of a narrow screen (a phone, a tablet upright; table.css has the same). */
export const NARROW = "(max-width: 900px), (orientation: portrait)";

/** Whether the screen is narrow (a phone, a tablet upright). */
export function narrow() {
  return window.matchMedia?.(NARROW).matches ?? false;
}

/** The scale (px per SVG unit) at which the table fits: its width on a narrow screen (a
 * phone, a tablet upright: the board fills the width, the rest is panned to), else all of it. */
function fitScale(s) {
  const w = s.svg.clientWidth || 1;
  const h = s.svg.clientHeight || 1;
  const contain = Math.min(w / s.full.w, h / s.full.h);
  const width = w / s.full.w;
  return { base: narrow() ? width : contain, contain };
}

/** The least zoom: the whole table in view. */
function minZoom(s) {
  const { base, contain } = fitScale(s);
  return Math.min(1, contain / base);
}

/** Show ``zoom`` times the fitting scale around ``centre`` (SVG units), kept on the table. */
export function applyView(s) {
  const w = s.svg.clientWidth;
  const h = s.svg.clientHeight;
  if (!w || !h) return;
  const { base } = fitScale(s);
  s.zoom = Math.min(Math.max(s.zoom, minZoom(s)), ZOOM_MAX);
  const k = base * s.zoom;
  const vw = w / k;
  const vh = h / k;
  const full = s.full;
  let centre = s.centre;
  if (!centre) {
    const focus = s.focusPoint;
    centre = [full.x + full.w / 2, focus ? focus[1] : full.y + full.h / 2];
  }
  const clamp = (value, view, start, size) =>
    view >= size ? start + size / 2 : Math.min(Math.max(value, start + view / 2), start + size - view / 2);
  const cx = clamp(centre[0], vw, full.x, full.w);
  const cy = clamp(centre[1], vh, full.y, full.h);
  if (s.centre) s.centre = [cx, cy];
  s.svg.setAttribute("viewBox", [cx - vw / 2, cy - vh / 2, vw, vh].map((v) => round(v)).join(" "));
  s.svg.classList.toggle("zoomed", vw < full.w - 0.01 || vh < full.h - 0.01);
  updateHits(s);
  s.handlers.onView?.(s.zoom);
}

/** Where the view starts on a narrow screen: around this table point (inches, y up). */
export function focusOn(s, point) {
  s.focusPoint = point ? [point[0], s.height - point[1]] : null;
  applyView(s);
}

/**
 * On a narrow screen, frame ``points`` (table points, inches, y up): the view zooms out (or in,
 * up to the fitting scale) until all of them and a margin are in view, centred on them. A wide
 * screen shows the whole table already. ``unlessMoved``: not when a person zoomed or panned
 * since the last framing (their view is theirs).
 */
export function frame(s, points, unlessMoved = false) {
  if (!points.length || !narrow()) return;
  if (unlessMoved && s.moved) return;
  const w = s.svg.clientWidth;
  const h = s.svg.clientHeight;
  if (!w || !h) return;
  const margin = s.base + 2;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => s.height - p[1]);
  const box = [Math.min(...xs) - margin, Math.min(...ys) - margin, Math.max(...xs) + margin, Math.max(...ys) + margin];
  const needed = Math.min(w / (box[2] - box[0]), h / (box[3] - box[1]));
  s.zoom = Math.min(1, needed / fitScale(s).base);
  s.centre = [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
  s.moved = false;
  applyView(s);
}

/** The view's centre now (SVG units). */
function viewCentre(s) {
  const [x, y, w, h] = s.svg.getAttribute("viewBox").split(/\s+/).map(Number);
  return [x + w / 2, y + h / 2];
}

/** Zoom by ``factor`` keeping the SVG point ``at`` (default: the view's centre) where it is. */
export function zoomBy(s, factor, at = null) {
  s.moved = true;
  const before = viewCentre(s);
  const old = s.zoom;
  s.zoom = Math.min(Math.max(old * factor, minZoom(s)), ZOOM_MAX);
  const k = old / s.zoom;
  const anchor = at || before;
  s.centre = [anchor[0] + (before[0] - anchor[0]) * k, anchor[1] + (before[1] - anchor[1]) * k];
  applyView(s);
}

/** Back to the fitting view. */
export function resetView(s) {
  s.moved = true;
  s.zoom = 1;
  s.centre = null;
  applyView(s);
}

/** Move the view by a client distance (a drag on the empty board). */
export function panBy(s, dx, dy) {
  s.moved = true;
  const k = scale(s);
  const [cx, cy] = viewCentre(s);
  s.centre = [cx - dx / k, cy - dy / k];
  applyView(s);
}

/** The wheel zooms around the pointer. */
export function wheel(s, event) {
  if (!event.deltaY) return;
  event.preventDefault();
  zoomBy(s, event.deltaY < 0 ? 1.15 : 1 / 1.15, localPoint(s, event.clientX, event.clientY));
}

/** Every hit area as wide as HIT_PX on the screen at the present zoom. */
function updateHits(s) {
  const r = round(hitRadius(s));
  for (const hit of s.svg.querySelectorAll(".figure .hit")) hit.setAttribute("r", r);
  for (const spot of s.spots) spot.element.querySelector(".hit")?.setAttribute("r", r);
  const dot = spotDot(s);
  for (const disc of s.svg.querySelectorAll(".spot-g .spot, .spot-core")) disc.setAttribute("r", dot);
}
