// The end of a game: the final position with the last shot drawn on it, the result, each
// figure's damage and who took whom out, the replay from the end backwards and the rematch.
// Everything is read from the view (its figures and its events): no rule is computed here.

import { el, t } from "../util.js";
import { board } from "./parts.js";
import { state } from "./state.js";

/** ``t(key)`` when the server has the word, else ``fallback`` (a sign, an existing word). */
function word(key, values, fallback) {
  return t(key) === key ? fallback : t(key, values);
}

/** The last shot of the game (its ``attack_declared`` event), or null. */
export function lastShot(v) {
  return [...(v.events || [])].reverse().find((e) => e.type === "attack_declared") || null;
}

/** The last shot drawn on the final position (its line of fire, its distance); on a phone the
 * board framed on it once (unless a person zoomed or panned). */
export function drawLastShot(v) {
  const shot = lastShot(v);
  if (!shot) return;
  const at = (name) => v.figures.find((f) => f.name === name)?.position;
  const from = at(shot.attacker);
  const to = at(shot.target);
  if (!from || !to) return;
  board.drawFire(from, to, false, shot.distance);
  if (state.framed === "end") return;
  state.framed = "end";
  board.frame([from, to], true);
}

/** Per figure: the wounds it took and dealt, and who took it out (the view's events). */
export function tally(v) {
  const rows = new Map(v.figures.map((f) => [f.name, { figure: f, taken: 0, dealt: 0, killer: null, out: f.out }]));
  for (const e of v.events || []) {
    if (e.type === "attack_resolved" && e.wounds) {
      if (rows.has(e.target)) rows.get(e.target).taken += e.wounds;
      if (rows.has(e.attacker)) rows.get(e.attacker).dealt += e.wounds;
    } else if (e.type === "figure_out" && rows.has(e.figure)) {
      rows.get(e.figure).killer = e.killer;
    }
  }
  return [...rows.values()];
}

/** The end's summary: a row per figure (its side, HP, wounds taken and dealt, taken out by). */
export function endSummary(v) {
  const list = el("ul", { id: "end-summary", class: "end-summary" });
  for (const row of tally(v)) {
    const f = row.figure;
    const side = v.labels?.[f.seat] ?? "";
    const facts = [el("span", { class: "hp" }, `${f.hp}/${f.hp_max} ${t("hp")}`)];
    if (row.taken) facts.push(el("span", { class: "taken", dataset: { taken: row.taken } }, word("end_taken", { n: row.taken }, `−${row.taken}`)));
    if (row.dealt) facts.push(el("span", { class: "dealt", dataset: { dealt: row.dealt } }, word("end_dealt", { n: row.dealt }, `→ ${row.dealt}`)));
    if (row.out) {
      const by = row.killer ? word("end_out_by", { name: row.killer }, `${t("out")} ← ${row.killer}`) : t("out");
      facts.push(el("span", { class: "out", dataset: { killer: row.killer || "" } }, by));
    }
    list.append(el("li", { class: `${row.out ? "out" : "standing"}${f.seat === v.seat ? " own" : ""}`, dataset: { figure: f.name } },
      el("b", {}, f.name), side ? el("span", { class: "side" }, side) : null, ...facts));
  }
  return list;
}
