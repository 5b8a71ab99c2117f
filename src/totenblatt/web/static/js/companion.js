// The companion at a real table: a shot, its exact odds, "which spade?", ability draws.
// Every number comes from the server (the same core as `totenblatt attack` / `odds attack`);
// this script only collects taps and draws what the answers say.
//
// This file starts the page and owns its one state object (companion/state.js); the files of
// companion/ hold the rest: setup.js (the situation, shared by the tabs), shot.js (one shot:
// its odds and its result), spade.js (which spade?), draws.js (ability draws), odds.js (odds
// as figures and a chart), cards.js (card faces and pickers), controls.js (segments, chips,
// steppers, fields), server.js (the requests).

import { renderDraw } from "./companion/draws.js";
import { renderSetup } from "./companion/setup.js";
import { refreshOdds, renderShot } from "./companion/shot.js";
import { renderSpade } from "./companion/spade.js";
import { createState, rules } from "./companion/state.js";

const state = createState();

// -- tabs and changes ---------------------------------------------------------------------------

/** Show the panel ``name`` ("shot", "spade", "draw"). */
function showTab(name) {
  state.tab = name;
  for (const key of ["shot", "spade", "draw"]) {
    const on = key === name;
    document.getElementById(`panel-${key}`).hidden = !on;
    const tab = document.getElementById(`tab-${key}`);
    tab.classList.toggle("on", on);
    tab.setAttribute("aria-selected", on ? "true" : "false");
  }
}

/** Something of the situation changed: draw again what depends on it, ask the odds again. */
function changed(redraw) {
  if (redraw) {
    if (!rules(state).weapons.some((w) => w.key === state.weapon)) state.weapon = rules(state).weapons[0].key;
    renderSetup(state, changed);
    renderShot(state, changed);
  } else {
    const button = document.getElementById("resolve");
    if (button) button.disabled = !state.card;
  }
  clearTimeout(state.odds.timer);
  state.odds.timer = setTimeout(() => refreshOdds(state), 120);
}

for (const key of ["shot", "spade", "draw"]) {
  document.getElementById(`tab-${key}`).addEventListener("click", () => showTab(key));
}
renderSetup(state, changed);
renderShot(state, changed);
renderSpade(state);
renderDraw(state);
showTab("shot");
window.totenblattCompanion = { state };
