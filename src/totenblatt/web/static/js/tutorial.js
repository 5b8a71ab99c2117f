// The tutorial's panel (a table page opened with ?tutorial=1): the lessons, ticked off as the
// seat's own events show them done, and what to try now. It only reads the view: every rule
// and every legal action is the server's, as in any game.

import { el, t, fill } from "./util.js";

export const LESSONS = ["swap", "redraw", "bid", "move", "hide", "shoot", "defend"];

/** The lessons ``events`` (the seat's view's events) show done by ``seat``. */
export function lessonsDone(events, seat) {
  const done = new Set();
  for (const e of events) {
    if (e.seat !== seat) continue;
    if (e.type === "hand_swapped" || e.type === "swap_declined") done.add("swap");
    else if (e.type === "redraw_paid") done.add("redraw");
    else if (e.type === "bid_placed") done.add("bid");
    else if (e.type === "figures_moved") {
      done.add("move");
      if (e.moves.some((m) => m.hidden)) done.add("hide");
    } else if (e.type === "attack_declared") done.add("shoot");
    else if (e.type === "defence_played" && e.card) done.add("defend");
  }
  return done;
}

/** The lesson to try at this decision of ``view`` (none: null), given those ``done``. */
function lessonNow(view, done, mine) {
  if (!mine) return null;
  const legal = view.legal_actions || [];
  const can = (type) => legal.some((a) => a.type === type);
  if (view.phase === "swap" && !done.has("swap")) return "swap";
  if (view.can_redraw && !done.has("redraw") && done.has("swap")) return "redraw";
  if (view.phase === "bid" && can("bid") && !done.has("bid")) return "bid";
  if (view.phase === "defend" && !done.has("defend")) return "defend";
  if (view.phase === "action") {
    if (can("attack") && !done.has("shoot")) return "shoot";
    if (can("move") && !done.has("move")) return "move";
    if (can("move") && !done.has("hide")) return "hide";
  }
  return null;
}

export class Tutorial {
  /** ``node``: the panel's section; ``cost``: the HP a redraw costs (the ruleset's). */
  constructor(node, cost) {
    this.node = node;
    this.cost = cost;
    node.hidden = false;
  }

  /** Show the lessons for ``view``; ``mine``: it is the seat's decision. */
  update(view, mine) {
    const done = lessonsDone(view.events || [], view.seat);
    const now = lessonNow(view, done, mine);
    const items = LESSONS.map((lesson) =>
      el(
        "li",
        { class: `${done.has(lesson) ? "done" : ""}${lesson === now ? " now" : ""}`, dataset: { lesson } },
        el("span", { class: "tick", "aria-hidden": "true" }, done.has(lesson) ? "✓" : "○"),
        t(`lesson_${lesson}`),
      ),
    );
    let hint;
    if (done.size === LESSONS.length) hint = t("tutorial_done");
    else if (now) hint = t("tutorial_now", { hint: t(`lesson_${now}_hint`, { cost: this.cost }) });
    else if (!mine && !view.is_over) hint = t("tutorial_wait");
    else hint = "";
    fill(
      this.node,
      el("h2", {}, `${t("tutorial")} · ${done.size}/${LESSONS.length}`),
      el("ol", { class: "lessons-done" }, items),
      hint ? el("p", { class: "lesson-hint", dataset: { lesson: now || "" } }, hint) : null,
    );
  }
}
