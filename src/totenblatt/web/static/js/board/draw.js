// What the board draws over the table for the page: the ruler of a planned move, a line of
// fire, the offered spots to move to, the replay's trails. The ghost of a drag is drag.js's.

import { fill, inches, svg } from "../util.js";
import { hitRadius, round, segment, spotDot, svgPoints } from "./state.js";

/** A tag with ``label`` at (x, y) (SVG units): its background (red when ``bad``) and text. */
function tag(x, y, label, bad) {
  return [
    svg("rect", { class: `tag-bg${bad ? " bad" : ""}`, x, y: y - 0.62, width: 0.36 * label.length + 0.5, height: 0.9, rx: 0.2 }),
    svg("text", { class: "tag", x: x + 0.25, y: y }, label),
  ];
}

/** Empty the marks (and the offered spots) or the ruler. */
export function clear(s, layer) {
  (layer === "marks" ? s.marks : s.ruler).replaceChildren();
  if (layer === "marks") dropSpots(s);
}

/** The ruler: each planned step's path, its end base and a tag with the inches. */
export function drawRuler(s, steps, label, ok) {
  fill(s.ruler);
  let last = null;
  for (const step of steps) {
    s.ruler.append(svg("polyline", { class: `path${ok ? "" : " bad"}`, points: svgPoints(s, step.path) }));
    last = step.path[step.path.length - 1];
    s.ruler.append(
      svg("circle", {
        class: `ghost${ok ? "" : " bad"}`,
        r: s.base / 2,
        cx: last[0],
        cy: s.height - last[1],
      }),
    );
  }
  if (last && label) {
    const x = Math.min(last[0] + 0.7, s.width - 4);
    const y = Math.max(s.height - last[1] - 0.7, 1);
    s.ruler.append(...tag(x, y, label, !ok));
  }
}

/** The line of fire between two points (dashed grey when blocked), with the distance. */
export function drawFire(s, from, to, blocked, distance) {
  fill(s.marks, segment(s, `fire${blocked ? " blocked" : ""}`, from, to));
  dropSpots(s);
  if (distance !== undefined) {
    const mx = (from[0] + to[0]) / 2 + 0.4;
    const my = s.height - (from[1] + to[1]) / 2;
    s.marks.append(...tag(mx, my, inches(distance), true));
  }
}

/**
 * Suggested destinations (the engine's offered moves): small discs with a hit area of
 * HIT_PX, each focusable (Enter picks it); ``label(spot)`` names it for a screen reader.
 */
export function drawSpots(s, spots, onPick, label = null) {
  const dot = spotDot(s);
  spots.forEach((spot, index) => {
    const end = spot.path[spot.path.length - 1];
    const cx = end[0];
    const cy = s.height - end[1];
    const g = svg(
      "g",
      { class: "spot-g", tabindex: 0, role: "button", "aria-label": label ? label(spot) : `${end[0]}, ${end[1]}`, dataset: { spot: index } },
      svg("circle", { class: "hit", r: round(hitRadius(s)), cx, cy }),
      svg("circle", { class: "spot", r: dot, cx, cy }),
    );
    s.spotLayer.append(g);
    s.spots.push({ point: end, element: g, onPick: () => onPick(spot) });
  });
  // each spot's centre above every hit area, its neighbours' too: spots closer than
  // HIT_PX share their hit areas, never their centres
  const cores = svg("g", { class: "spot-cores" });
  spots.forEach((spot, index) => {
    const end = spot.path[spot.path.length - 1];
    cores.append(svg("circle", { class: "spot-core", r: dot, cx: end[0], cy: s.height - end[1], dataset: { spot: index } }));
  });
  s.spotLayer.append(cores);
}

/** The offered spots gone (their layer emptied). */
export function dropSpots(s) {
  s.spotLayer.replaceChildren();
  s.spots = [];
}

/** Paths moved (the replay). */
export function drawTrails(s, paths) {
  fill(s.marks);
  dropSpots(s);
  for (const [, path] of paths) s.marks.append(svg("polyline", { class: "trail", points: svgPoints(s, path) }));
}
