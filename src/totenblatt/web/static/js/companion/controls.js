// The companion's controls: buttons of which one is chosen, chips that toggle, steppers for a
// whole number, a labelled field.

import { el, t } from "../util.js";

/** Buttons of which one is chosen (weapons, cover, ruleset). */
export function segmented(name, options, current, choose) {
  return el(
    "div",
    { class: "seg", role: "radiogroup", dataset: { name } },
    options.map((o) =>
      el(
        "button",
        {
          type: "button",
          role: "radio",
          class: o.key === current ? "on" : "",
          "aria-checked": o.key === current ? "true" : "false",
          dataset: { value: o.key },
          onclick: () => choose(o.key),
        },
        o.name,
      ),
    ),
  );
}

/** An ability as a chip that toggles, its effect in the title. */
export function chip(set, ability, changed) {
  const on = set.has(ability.key);
  return el(
    "button",
    {
      type: "button",
      class: on ? "chip on" : "chip",
      "aria-pressed": on ? "true" : "false",
      title: ability.effect,
      dataset: { ability: ability.key },
      onclick: () => {
        if (set.has(ability.key)) set.delete(ability.key);
        else set.add(ability.key);
        changed();
      },
    },
    ability.name,
  );
}

/** A chip that toggles a flag (``key``). */
export function flagChip(label, on, toggle, key) {
  return el(
    "button",
    { type: "button", class: on ? "chip on" : "chip", "aria-pressed": on ? "true" : "false", dataset: { flag: key }, onclick: toggle },
    label,
  );
}

/** − value + for a whole number; ``nullable``: below the least it is "not given". */
export function stepper(name, value, { least = 0, most = 99, start = least, nullable = false }, set) {
  const shown = value === null ? t("not_given") : String(value);
  const down = () => set(value === null ? null : value <= least ? (nullable ? null : least) : value - 1);
  const up = () => set(value === null ? start : Math.min(most, value + 1));
  return el(
    "div",
    { class: "stepper", dataset: { name } },
    el("button", { type: "button", class: "step", "aria-label": `${name} −`, onclick: down }, "−"),
    el("output", { class: value === null ? "value none" : "value" }, shown),
    el("button", { type: "button", class: "step", "aria-label": `${name} +`, onclick: up }, "+"),
  );
}

/** A labelled field. */
export function field(label, ...content) {
  return el("div", { class: "field" }, el("div", { class: "label" }, label), ...content);
}
