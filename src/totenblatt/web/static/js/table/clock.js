// A game over days (issue 42): each seat's time left beside its name in the seats' list, the
// running one marked and counting down here between views; every view's figures replace it.
// A game without a clock shows none.

import { icon } from "../icons.js";
import { el, t, timeLeft } from "../util.js";

let shown = null; // the view's clock, and when it came: {clock, at}
let ticking = 0; // the interval counting the running clock down

/** Each seat's time left into the seat rows of ``node`` (panels.js renderSeats). */
export function showClocks(node, v) {
  const clock = v.clock;
  if (!clock || !Array.isArray(clock.remaining_s)) {
    shown = null;
    clearInterval(ticking);
    ticking = 0;
    return;
  }
  if (shown?.clock !== clock) shown = { clock, at: performance.now() };
  node.querySelectorAll(".seat-row").forEach((row, seat) => {
    if (typeof clock.remaining_s[seat] !== "number") return;
    const running = clock.running === seat;
    const words = running ? t("clock_running", { name: v.labels[seat] }) : null;
    // the running clock's mark is a drawn stopwatch named by its words (⏱ needs an emoji font)
    row.append(el("span", { class: `seat-clock${running ? " running" : ""}`, dataset: { seat: String(seat) }, title: words },
      running ? icon("clock", words) : null, el("span", { class: "left" })));
  });
  tick(node);
  clearInterval(ticking);
  ticking = clock.running === null || clock.running === undefined ? 0 : setInterval(() => tick(node), 1000);
}

/** The clocks' text now: the running one less the seconds since its view came. */
function tick(node) {
  if (!shown) return;
  const { clock, at } = shown;
  const gone = (performance.now() - at) / 1000;
  for (const span of node.querySelectorAll(".seat-clock")) {
    const seat = Number(span.dataset.seat);
    const left = clock.remaining_s[seat] - (clock.running === seat ? gone : 0);
    span.querySelector(".left").textContent = timeLeft(left);
  }
}
