// One shot: the attack card and its exact odds (asked again as the situation changes), the
// defence, the attacker's HP, cards seen, and the shot resolved by the server.

import { el, fill, t } from "../util.js";
import { cardFace, picker, SUITS } from "./cards.js";
import { field, stepper } from "./controls.js";
import { oddsView } from "./odds.js";
import { ask, shotBody } from "./server.js";
import { rules } from "./state.js";

const shotPanel = document.getElementById("panel-shot");
const oddsBox = el("div", { id: "odds", class: "odds", "aria-live": "polite" });
const resultBox = el("div", { id: "result", class: "result", "aria-live": "polite" });

function attackSuits(state) {
  return state.wild ? ["♠", "♥", "♦", "♣"] : ["♠"];
}

/** The shot panel: the attack card, its odds, the defence, more, and the resolve button. */
export function renderShot(state, changed) {
  const extraPicker =
    state.defender.has("queen_of_hearts") && state.defense
      ? field(t("extra_card"), picker("extra-picker", { suits: SUITS, chosen: () => state.extra, none: true, onchange: (c) => { state.extra = c; } }))
      : null;
  const lives = state.targetHp !== null && state.target.has("nine_lives");
  const seed = lives
    ? field(
        `${t("nine_lives")} — ${t("seed")}`,
        el("input", { type: "number", id: "seed", inputmode: "numeric", min: "0", step: "1", placeholder: t("seed_hint"), value: state.seed, oninput: (e) => { state.seed = e.target.value; } }),
      )
    : null;
  fill(
    shotPanel,
    field(t("attack_card"), picker("attack-picker", { suits: attackSuits(state), extras: ["Joker"], chosen: () => state.card, onchange: (c) => { state.card = c; changed(false); } })),
    el("h3", {}, t("odds_title")),
    oddsBox,
    field(t("defense_card"), picker("defense-picker", { suits: state.wildDefense ? ["♥", "♠", "♦", "♣"] : ["♥"], extras: ["Joker"], chosen: () => state.defense, none: true, onchange: (c) => { state.defense = c; if (!c) state.extra = null; renderShot(state, changed); } })),
    extraPicker,
    el(
      "details",
      { class: "more" },
      el("summary", {}, `${t("attacker_hp")} · ${t("seen")}`),
      field(t("attacker_hp"), stepper("attacker-hp", state.attackerHp, { least: 0, most: 99, start: rules(state).hp_max - 1, nullable: true }, (v) => { state.attackerHp = v; renderShot(state, changed); })),
      field(t("attacker_max"), stepper("attacker-max", state.attackerMax, { least: 1, most: 99, start: rules(state).hp_max, nullable: true }, (v) => { state.attackerMax = v; renderShot(state, changed); })),
      field(t("seen"), picker("seen-picker", { suits: SUITS, extras: ["Joker"], multi: true, chosen: () => state.seen, onchange: (c) => { state.seen = c; changed(false); } })),
    ),
    seed,
    el("button", { type: "button", class: "primary", id: "resolve", onclick: () => resolve(state), disabled: state.card ? undefined : true }, t("resolve")),
    resultBox,
  );
}

/** Ask the odds of the chosen card again (an older answer is dropped). */
export async function refreshOdds(state) {
  if (!state.card) {
    fill(oddsBox);
    return;
  }
  const asked = ++state.odds.asked;
  oddsBox.classList.add("busy");
  try {
    const data = await ask(state, "/api/companion/odds", { ...shotBody(state), card: state.card, hand: state.hand, seen: state.seen });
    if (asked !== state.odds.asked) return;
    fill(oddsBox, oddsView(data, "odds"));
  } catch {
    if (asked === state.odds.asked) fill(oddsBox);
  } finally {
    if (asked === state.odds.asked) oddsBox.classList.remove("busy");
  }
}

/** Resolve the shot with the cards chosen: the server's lines, verdict and aftermath. */
async function resolve(state) {
  if (!state.card) return;
  const body = {
    ...shotBody(state),
    card: state.card,
    defense: state.defense,
    extra_defense: state.defense ? state.extra : null,
    attacker_hp: state.targetHp === null ? null : state.attackerHp,
    attacker_max_hp: state.targetHp === null || state.attackerHp === null ? null : state.attackerMax,
  };
  if (body.nine_lives && state.seed !== "") body.seed = Number(state.seed);
  fill(resultBox, el("p", { class: "busy" }, t("working")));
  try {
    const data = await ask(state, "/api/companion/attack", body);
    fill(resultBox, resultView(data));
    resultBox.scrollIntoView({ behavior: "smooth", block: "start" });
  } catch {
    fill(resultBox);
  }
}

/** A resolved shot: its lines, the verdict, a note, the aftermath, Nine Lives' draw. */
function resultView(data) {
  const hit = data.result.wounds > 0;
  const after = data.aftermath;
  const draw = after && after.nine_lives;
  return el(
    "div",
    {},
    el("h3", {}, t("result")),
    el("ul", { class: "lines", id: "result-lines" }, data.lines.map((line) => el("li", {}, line))),
    el("p", { id: "verdict", class: hit ? "verdict hit" : "verdict miss" }, data.verdict),
    data.note ? el("p", { class: "note", id: "note" }, data.note) : null,
    after ? el("ul", { class: "lines", id: "aftermath-lines" }, data.aftermath_lines.map((line) => el("li", {}, line))) : null,
    draw
      ? el(
          "div",
          { class: "nine-lives", id: "nine-lives" },
          el("div", { class: "label" }, t("nine_lives")),
          el("figure", {}, cardFace(draw.own, { disabled: true }), el("figcaption", {}, t("nine_target"))),
          el("figure", {}, cardFace(draw.killer, { disabled: true }), el("figcaption", {}, t("nine_attacker"))),
          after.seed !== null ? el("p", { class: "seed" }, t("seed_used", { seed: after.seed })) : null,
        )
      : null,
    after ? el("p", { id: "fate", class: after.out ? "verdict hit" : "verdict" }, data.fate) : null,
  );
}
