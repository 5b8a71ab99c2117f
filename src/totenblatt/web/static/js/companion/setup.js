// The situation, shared by the tabs: ruleset, weapon, distance, cover, the attacker's hand, the
// abilities of both sides and the target's HP. ``changed(redraw)`` tells the page.

import { el, fill, t } from "../util.js";
import { chip, field, flagChip, segmented, stepper } from "./controls.js";
import { abilityName, BOOT, rules } from "./state.js";

const setup = document.getElementById("setup");

/** The setup panel: ruleset, weapon, distance, cover, hand, abilities, the target's HP. */
export function renderSetup(state, changed) {
  const r = rules(state);
  const dist = el("input", {
    type: "range",
    id: "distance-slider",
    min: "0",
    max: String(r.max_distance),
    step: "0.5",
    value: String(state.distance),
    "aria-label": t("distance"),
  });
  const typed = el("input", {
    type: "number",
    id: "distance",
    inputmode: "decimal",
    min: "0",
    max: "1000",
    step: "any",
    value: String(state.distance),
    "aria-label": t("distance"),
  });
  const setDistance = (value, from) => {
    const v = Number(value);
    if (!Number.isFinite(v) || v < 0) return;
    state.distance = v;
    if (from !== typed) typed.value = String(v);
    if (from !== dist) dist.value = String(Math.min(v, r.max_distance));
    changed(false);
  };
  dist.addEventListener("input", () => setDistance(dist.value, dist));
  typed.addEventListener("input", () => setDistance(typed.value, typed));
  const nudge = (by) => setDistance(Math.max(0, Math.round((state.distance + by) * 2) / 2), null);

  const side = (label, set, list, flag) =>
    el(
      "div",
      { class: "side" },
      el("div", { class: "label" }, label),
      el("div", { class: "chips" }, list.map((a) => chip(set, a, () => changed(true))), flag),
    );
  fill(
    setup,
    el("h2", {}, t("setup")),
    field(t("ruleset"), segmented("ruleset", Object.values(BOOT.rulesets).map((x) => ({ key: x.name, name: t(`ruleset_${x.name}`) === `ruleset_${x.name}` ? x.name : t(`ruleset_${x.name}`) })), state.ruleset, (k) => { state.ruleset = k; changed(true); })),
    field(t("weapon"), segmented("weapon", r.weapons, state.weapon, (k) => { state.weapon = k; changed(true); })),
    field(
      t("distance"),
      el(
        "div",
        { class: "distance" },
        el("button", { type: "button", class: "step", "aria-label": `${t("distance")} −`, onclick: () => nudge(-0.5) }, "−"),
        typed,
        el("span", { class: "unit" }, '"'),
        el("button", { type: "button", class: "step", "aria-label": `${t("distance")} +`, onclick: () => nudge(0.5) }, "+"),
      ),
      dist,
    ),
    field(t("cover"), segmented("cover", r.covers, state.cover, (k) => { state.cover = k; changed(true); })),
    field(t("hand"), stepper("hand", state.hand, { least: 0, most: 30 }, (v) => { state.hand = v; changed(true); })),
    el(
      "details",
      { class: "abilities", open: state.attacker.size || state.defender.size || state.target.size || state.wild || state.wildDefense ? true : undefined },
      el("summary", {}, t("abilities")),
      side(t("attacker"), state.attacker, r.attacker.filter((a) => a.key !== "wild_2"), flagChip(`${abilityName(state, "wild_2")}: ${t("wild_attack")}`, state.wild, () => { state.wild = !state.wild; changed(true); }, "wild")),
      side(t("defender"), state.defender, r.defender.filter((a) => a.key !== "wild_2"), flagChip(`${abilityName(state, "wild_2")}: ${t("wild_defense")}`, state.wildDefense, () => { state.wildDefense = !state.wildDefense; changed(true); }, "wild-defense")),
      side(t("target"), state.target, r.target, null),
    ),
    field(t("target_hp"), stepper("target-hp", state.targetHp, { least: 0, most: 99, start: 2, nullable: true }, (v) => { state.targetHp = v; changed(true); })),
  );
}
