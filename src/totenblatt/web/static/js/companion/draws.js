// Ability draws: cards drawn from the ability deck, each with the ability it gives.

import { el, fill, t } from "../util.js";
import { cardFace } from "./cards.js";
import { stepper, field } from "./controls.js";
import { ask } from "./server.js";

const drawPanel = document.getElementById("panel-draw");
const drawnBox = el("div", { id: "drawn", class: "drawn", "aria-live": "polite" });

/** The panel: how many to draw, the seed, the draws. */
export function renderDraw(state) {
  fill(
    drawPanel,
    field(t("draw_count"), stepper("count", state.drawCount, { least: 1, most: 20 }, (v) => { state.drawCount = v; renderDraw(state); })),
    field(t("seed"), el("input", { type: "number", id: "draw-seed", inputmode: "numeric", min: "0", step: "1", placeholder: t("seed_hint"), value: state.drawSeed, oninput: (e) => { state.drawSeed = e.target.value; } })),
    el("button", { type: "button", class: "primary", id: "draw", onclick: () => drawAbilities(state) }, t("draw")),
    drawnBox,
  );
}

/** Draw abilities from the server's deck (seeded, or the seed it used is shown). */
async function drawAbilities(state) {
  const body = { count: state.drawCount };
  if (state.drawSeed !== "") body.seed = Number(state.drawSeed);
  try {
    const data = await ask(state, "/api/companion/abilities", body);
    fill(
      drawnBox,
      el("p", { class: "hint", id: "drawn-from" }, t("drawn_from", { deck: data.deck, seed: t("seed_used", { seed: data.seed }) })),
      el(
        "ol",
        { class: "draws" },
        data.draws.map((d) =>
          el("li", { dataset: { card: d.drawn, ability: d.ability } }, cardFace(d.drawn, { disabled: true }), el("div", {}, el("b", {}, d.name), el("p", {}, d.effect))),
        ),
      ),
    );
  } catch {
    fill(drawnBox);
  }
}
