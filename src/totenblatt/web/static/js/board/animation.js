// Motion on the board: a figure put in its place or sliding there along the path it moved,
// and a shot's flash; both left out when the reader asked for less motion.

import { segment } from "./state.js";

const SLIDE_MS_PER_INCH = 70; // a move slides this long per inch of its path…
const SLIDE_MS = [250, 1100]; // …within these bounds

/** Whether the reader asked for less motion (the slides and the shots' flashes are left out). */
export function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function pathLength(path) {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += Math.hypot(path[i][0] - path[i - 1][0], path[i][1] - path[i - 1][1]);
  return total;
}

/** Put a figure's group at a table point. */
export function place(s, g, position) {
  g.style.transform = `translate(${position[0]}px, ${s.height - position[1]}px)`;
}

/** Slide a figure along ``path`` (table points), then leave it at the path's end. */
export function slide(s, g, path) {
  const points = path.map((p) => [p[0], s.height - p[1]]);
  const total = pathLength(path) || 1;
  let done = 0;
  const frames = points.map((p, i) => {
    if (i > 0) done += Math.hypot(p[0] - points[i - 1][0], p[1] - points[i - 1][1]);
    return { transform: `translate(${p[0]}px, ${p[1]}px)`, offset: Math.min(1, done / total) };
  });
  const duration = Math.min(Math.max(total * SLIDE_MS_PER_INCH, SLIDE_MS[0]), SLIDE_MS[1]);
  g.getAnimations?.().forEach((a) => a.cancel());
  g.classList.add("sliding"); // no CSS transition meanwhile (it would win over the animation)
  place(s, g, path[path.length - 1]);
  const animation = g.animate?.(frames, { duration, easing: "ease-in-out" });
  const end = () => g.classList.remove("sliding");
  if (animation) animation.finished.then(end, end);
  else end();
}

/** A shot's flash along its line of fire (not with reduced motion). */
export function flash(s, from, to) {
  if (reducedMotion()) return;
  const line = segment(s, "shot", from, to);
  s.fx.append(line);
  setTimeout(() => line.remove(), 900);
}
