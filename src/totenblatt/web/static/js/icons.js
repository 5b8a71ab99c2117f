// Small icons drawn as inline SVG, so that no emoji or symbol font is needed (a machine
// without one showed an empty box for ⏱). An icon is decoration: the element that holds it
// carries the words (its aria-label, or a text of its own for screen readers).

import { svg } from "./util.js";

const SHAPES = {
  // a bar and a triangle pointing to it: the first step; the last is its mirror
  first: [["path", { d: "M5 4h2.5v16H5z M19 4v16L8.5 12z" }]],
  prev: [["path", { d: "M17 4v16L6 12z" }]],
  next: [["path", { d: "M7 4v16l11-8z" }]],
  last: [["path", { d: "M16.5 4H19v16h-2.5z M5 4v16l10.5-8z" }]],
  close: [["path", { d: "M6 6l12 12M18 6L6 18", fill: "none", stroke: "currentColor", "stroke-width": 2.6, "stroke-linecap": "round" }]],
  // a stopwatch: its face, its hand, the crown on top
  clock: [
    ["circle", { cx: 12, cy: 13.5, r: 8, fill: "none", stroke: "currentColor", "stroke-width": 2.2 }],
    ["path", { d: "M12 13.5V9 M10 2.5h4 M12 2.5v3", fill: "none", stroke: "currentColor", "stroke-width": 2.2, "stroke-linecap": "round" }],
  ],
};

/** The icon ``name`` (see SHAPES) as an SVG element in the colour of its text
 * (currentColor), 1em square unless CSS sizes it. With a ``label`` it is an image of that
 * name for screen readers (its text alternative); without, it is hidden from them (the
 * element holding it is named). */
export function icon(name, label = null) {
  const shapes = SHAPES[name];
  if (!shapes) throw new Error(`no icon ${name}`);
  const named = label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" };
  return svg("svg", {
    class: "icon", viewBox: "0 0 24 24", width: "1em", height: "1em", fill: "currentColor",
    focusable: "false", dataset: { icon: name }, ...named,
  }, ...shapes.map(([tag, attrs]) => svg(tag, attrs)));
}
