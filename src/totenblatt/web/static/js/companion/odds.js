// The odds as the page shows them: hit, expected wounds, out of the game, the wound
// distribution as a bar chart and as exact fractions.

import { el, svg, t } from "../util.js";
import { LANG } from "./state.js";

/** Numbers the reader's way (a decimal comma in German). */
function number(value, digits = 2) {
  return new Intl.NumberFormat(LANG, { maximumFractionDigits: digits }).format(value);
}

/** A probability as a percentage; never 0 % or 100 % when it is neither. */
function percent(value) {
  const format = (v) => new Intl.NumberFormat(LANG, { style: "percent", maximumFractionDigits: 1 }).format(v);
  if (value > 0 && value < 0.0005) return `< ${format(0.001)}`; // not 0 %: it can happen
  if (value < 1 && value > 0.9995) return `> ${format(0.999)}`;
  return format(value);
}

/** The probability of a fraction's text ("3/10", "1", "0"). */
function ratio(text) {
  const [top, bottom] = String(text).split("/");
  return Number(top) / Number(bottom ?? 1);
}

/** Hit, expected wounds, out of the game and the wound distribution as a bar chart. */
export function oddsView(data, prefix) {
  const figures = el(
    "dl",
    { class: "figures" },
    el("div", {}, el("dt", {}, t("hit")), el("dd", { id: `${prefix}-hit`, dataset: { p: data.hit } }, percent(data.hit_float))),
    el("div", {}, el("dt", {}, t("expected")), el("dd", { id: `${prefix}-expected`, dataset: { p: data.expected } }, number(data.expected_float))),
    data.out !== undefined
      ? el("div", {}, el("dt", {}, t("out")), el("dd", { id: `${prefix}-out`, dataset: { p: data.out } }, percent(data.out_float)))
      : null,
  );
  const exact = el(
    "details",
    { class: "exact" },
    el("summary", {}, t("exact")),
    el(
      "table",
      {},
      el("tbody", {}, Object.entries(data.wounds).map(([w, p]) => el("tr", {}, el("th", {}, `${w} ${t("wounds")}`), el("td", { class: "fraction" }, p)))),
    ),
  );
  return el("div", { class: "odds-view" }, figures, chart(data.wounds, prefix), exact);
}

/** The wound distribution: one bar per number of wounds, its percentage above it. */
function chart(wounds, prefix) {
  const entries = Object.entries(wounds).map(([w, p]) => [Number(w), p]);
  const most = Math.max(...entries.map(([w]) => w), 2);
  const width = 320;
  const height = 150;
  const slot = width / (most + 1);
  const byWounds = new Map(entries);
  const bars = [];
  for (let w = 0; w <= most; w += 1) {
    const p = byWounds.get(w) ?? "0";
    const value = ratio(p);
    const h = Math.max(value * (height - 48), value > 0 ? 2 : 0);
    const x = w * slot + slot * 0.15;
    const y = height - 22 - h;
    bars.push(
      svg(
        "g",
        { class: "bar", dataset: { wounds: String(w), p } },
        svg("title", {}, `${w} ${t("wounds")}: ${p}`),
        svg("rect", { x, y, width: slot * 0.7, height: h, rx: 3, class: w === 0 ? "miss" : "hit" }),
        svg("text", { x: x + slot * 0.35, y: y - 5, "text-anchor": "middle", class: "pct" }, value > 0 ? percent(value) : ""),
        svg("text", { x: x + slot * 0.35, y: height - 5, "text-anchor": "middle", class: "axis" }, String(w)),
      ),
    );
  }
  return svg(
    "svg",
    { viewBox: `0 0 ${width} ${height}`, class: "chart", id: `${prefix}-chart`, role: "img", "aria-label": t("wounds") },
    svg("line", { x1: 0, x2: width, y1: height - 22, y2: height - 22, class: "base" }),
    bars,
  );
}
