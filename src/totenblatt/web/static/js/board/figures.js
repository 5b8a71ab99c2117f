// The figures on the board: each a group (hit area, halo, base, initial, name, HP, a hero's
// badge), drawn as the view says: its seat, out or at its last HP, hidden, the page's marks.

import { svg } from "../util.js";
import { place, reducedMotion, slide } from "./animation.js";
import { placeLabels } from "./labels.js";
import { hitRadius, round } from "./state.js";

/** A figure's group, made the first time it is asked for. */
export function figureElement(s, fig) {
  let g = s.figureLayer.querySelector(`[data-figure="${CSS.escape(fig.name)}"]`);
  if (g) return g;
  g = svg(
    "g",
    { class: "figure", tabindex: 0, dataset: { figure: fig.name } },
    svg("circle", { class: "hit", r: round(hitRadius(s)) }),
    svg("circle", { class: "halo", r: 0.85 }),
    svg("circle", { class: "base", r: 0.5 }),
    svg("text", { class: "initial", y: 0.2 }, fig.name.slice(0, 1)),
    svg("text", { class: "label", y: -0.72 }, fig.name),
    svg("text", { class: "hp", y: 1.05 }, ""),
  );
  if (fig.kind !== "cowboy") g.append(svg("text", { class: "badge", x: 0.5, y: -0.3 }, "★"));
  s.figureLayer.append(g);
  return g;
}

/**
 * Show every figure as ``figures`` (the view's) says; ``marks`` name classes per figure.
 * ``paths`` (figure name -> the path it just moved) let a figure slide along its path
 * (not with reduced motion). A figure is drawn out when the view says so; at 0 HP it is still
 * in the game (A11: the next wound takes it out), drawn with a warning ring (``last``).
 */
export function drawFigures(s, figures, marks = {}, describe = null, paths = null) {
  s.positions.clear();
  for (const fig of figures) {
    const g = figureElement(s, fig);
    if (!g.querySelector(".hit")) g.prepend(svg("circle", { class: "hit", r: round(hitRadius(s)) }));
    const out = !!fig.out;
    const path = paths?.get(fig.name);
    if (path && path.length > 1 && !reducedMotion()) slide(s, g, path);
    else place(s, g, fig.position);
    if (!out) s.positions.set(fig.name, fig.position);
    const classes = ["figure", `seat-${fig.seat}`];
    if (fig.hidden) classes.push("hidden");
    if (out) classes.push("out");
    else if (fig.hp <= 0) classes.push("last");
    if (fig.kind !== "cowboy") classes.push("hero");
    if (g.classList.contains("sliding")) classes.push("sliding");
    for (const [cls, names] of Object.entries(marks)) if (names.has(fig.name)) classes.push(cls);
    g.setAttribute("class", classes.join(" "));
    if (out) g.setAttribute("tabindex", -1);
    else g.setAttribute("tabindex", 0);
    // a fallen figure lies under the living ones (they may stand where it fell)
    const before = g.previousElementSibling;
    if (out && before && !before.classList.contains("out")) s.figureLayer.prepend(g);
    g.querySelector(".hp").textContent = `${fig.hp}/${fig.hp_max}`;
    const about = describe ? `${fig.name}: ${describe(fig)}` : `${fig.name} ${fig.hp}/${fig.hp_max}`;
    g.setAttribute("aria-label", about);
    let title = g.querySelector("title");
    if (!title) {
      title = svg("title");
      g.prepend(title);
    }
    title.textContent = about;
  }
  placeLabels(s, figures, (fig) => figureElement(s, fig));
}
