// A game over days (issue 42): each seat's time left beside its name in the seats' list, the
// running one marked and counting down here between views; every view's figures replace it.
// A game without a clock shows none.

import { t, timeLeft } from "../util.js";

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
    const span = document.createElement("span");
    span.className = `seat-clock${running ? " running" : ""}`;
    span.dataset.seat = String(seat);
    if (running) span.title = t("clock_running", { name: v.labels[seat] });
    row.append(span);
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
    span.textContent = `${clock.running === seat ? "⏱ " : ""}${timeLeft(left)}`;
  }
}
