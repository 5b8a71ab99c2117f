// The server's answers: every number of the companion comes from the core (the same as
// `totenblatt attack` / `odds attack`); a refusal is shown in the page's error box.

import { LANG } from "./state.js";

const errorBox = document.getElementById("error");

/** POST ``body`` (with the language and ruleset) to ``path``; its JSON, or the error shown. */
export async function ask(state, path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...body, lang: LANG, ruleset: state.ruleset }),
  });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    errorBox.textContent = data.error || response.statusText;
    errorBox.hidden = false;
    throw new Error(data.error);
  }
  errorBox.hidden = true;
  return data;
}

/** The situation as the API reads it. */
export function shotBody(state) {
  return {
    weapon: state.weapon,
    distance: state.distance,
    cover: state.cover,
    attacker_abilities: [...state.attacker],
    defender_abilities: [...state.defender],
    wild: state.wild,
    wild_defense: state.wildDefense,
    target_hp: state.targetHp,
    nine_lives: state.targetHp !== null && state.target.has("nine_lives"),
  };
}
