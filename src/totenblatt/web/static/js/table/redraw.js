// The page's render as the table's parts call it. render.js draws the shown view whole and so
// imports them all; they reach its ``render`` through this file (render.js gives it as it
// loads), never by importing render.js: the table's modules import each other without a cycle.

let draw = () => {};

/** Draw the shown view whole (render.js's ``render``; nothing before render.js loaded). */
export function render() {
  draw();
}

/** render.js gives its ``render`` here as it loads. */
export function drawWith(renderView) {
  draw = renderView;
}
