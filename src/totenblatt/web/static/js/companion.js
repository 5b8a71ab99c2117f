// The companion at a real table: a shot, its exact odds, "which spade?", ability draws.
// Every number comes from the server (the same core as `totenblatt attack` / `odds attack`);
// this script only collects taps and draws what the answers say.

import { el, fill, readJson, svg, t } from "./util.js";

const BOOT = readJson("boot");
const LANG = BOOT.lang;
const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
const SUITS = ["♠", "♥", "♦", "♣"];
const RED = new Set(["♥", "♦"]);

const state = {
  ruleset: BOOT.ruleset,
  weapon: null,
  distance: 6,
  cover: "none",
  hand: 5,
  attacker: new Set(),
  defender: new Set(),
  target: new Set(),
  wild: false,
  wildDefense: false,
  targetHp: null,
  attackerHp: null,
  attackerMax: null,
  card: null,
  defense: null,
  extra: null,
  seen: [],
  seed: "",
  myHand: [],
  drawCount: 3,
  drawSeed: "",
  tab: "shot",
};

const rules = () => BOOT.rulesets[state.ruleset];
state.weapon = rules().weapons[0].key;

// -- small pieces --------------------------------------------------------------------------

/** Numbers the reader's way (a decimal comma in German). */
function number(value, digits = 2) {
  return new Intl.NumberFormat(LANG, { maximumFractionDigits: digits }).format(value);
}

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

/** A card as the page draws it: rank over pip, red for hearts and diamonds. */
function cardFace(text, attrs = {}) {
  const joker = text === "Joker";
  const pip = joker ? "★" : text.slice(-1);
  const rank = joker ? "Joker" : text.slice(0, -1);
  const colour = joker ? "joker" : RED.has(pip) ? "red" : "black";
  return el(
    "button",
    { type: "button", class: `pcard ${colour}`, dataset: { card: text }, "aria-label": text, ...attrs },
    el("span", { class: "r" }, rank),
    el("span", { class: "p" }, pip),
  );
}

/** Buttons of which one is chosen (weapons, cover, ruleset). */
function segmented(name, options, current, choose) {
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
function chip(set, ability, changed) {
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

function flagChip(label, on, toggle, key) {
  return el(
    "button",
    { type: "button", class: on ? "chip on" : "chip", "aria-pressed": on ? "true" : "false", dataset: { flag: key }, onclick: toggle },
    label,
  );
}

/** − value + for a whole number; ``nullable``: below the least it is "not given". */
function stepper(name, value, { least = 0, most = 99, start = least, nullable = false }, set) {
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

function field(label, ...content) {
  return el("div", { class: "field" }, el("div", { class: "label" }, label), ...content);
}

// -- card pickers ----------------------------------------------------------------------------

/**
 * Cards to tap: one suit's ranks (with suit tabs when several suits are offered), jokers and
 * extra cards. ``multi``: several cards (a hand); ``none``: a "no card" choice.
 */
function picker(id, { suits, extras = [], chosen, multi = false, none = false, onchange }) {
  const box = el("div", { class: "picker", id });
  let suit = suits[0];
  const has = (card) => (multi ? chosen().includes(card) : chosen() === card);
  const pick = (card) => {
    if (multi) {
      const now = chosen().slice();
      const at = now.indexOf(card);
      if (at >= 0) now.splice(at, 1);
      else now.push(card);
      onchange(now);
    } else onchange(card);
    draw();
  };
  const draw = () => {
    const tabs =
      suits.length > 1
        ? el(
            "div",
            { class: "suits", role: "tablist", "aria-label": t("pick_suit") },
            suits.map((s) =>
              el(
                "button",
                {
                  type: "button",
                  class: `suit ${RED.has(s) ? "red" : "black"}${s === suit ? " on" : ""}`,
                  dataset: { suit: s },
                  onclick: () => {
                    suit = s;
                    draw();
                  },
                },
                s,
              ),
            ),
          )
        : null;
    const cards = [...RANKS.map((r) => r + suit), ...extras];
    const grid = el(
      "div",
      { class: "grid" },
      none
        ? el(
            "button",
            { type: "button", class: `pcard nocard${chosen() === null ? " on" : ""}`, dataset: { card: "" }, onclick: () => { onchange(null); draw(); } },
            t("no_card"),
          )
        : null,
      cards.map((c) => {
        const face = cardFace(c, { "aria-pressed": has(c) ? "true" : "false", onclick: () => pick(c) });
        if (has(c)) face.classList.add("on");
        return face;
      }),
    );
    const held = multi && chosen().length
      ? el(
          "div",
          { class: "held" },
          chosen().map((c) => cardFace(c, { class: `pcard small ${RED.has(c.slice(-1)) ? "red" : c === "Joker" ? "joker" : "black"}`, onclick: () => pick(c) })),
          el("button", { type: "button", class: "link", onclick: () => { onchange([]); draw(); } }, t("clear")),
        )
      : null;
    fill(box, held, tabs, grid);
  };
  draw();
  box.redraw = draw;
  return box;
}

// -- the server ------------------------------------------------------------------------------

const errorBox = document.getElementById("error");

async function ask(path, body) {
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

function shotBody() {
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

// -- the situation (shared by the tabs) ----------------------------------------------------

const setup = document.getElementById("setup");

function renderSetup() {
  const r = rules();
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
      side(t("attacker"), state.attacker, r.attacker.filter((a) => a.key !== "wild_2"), flagChip(`${abilityName("wild_2")}: ${t("wild_attack")}`, state.wild, () => { state.wild = !state.wild; changed(true); }, "wild")),
      side(t("defender"), state.defender, r.defender.filter((a) => a.key !== "wild_2"), flagChip(`${abilityName("wild_2")}: ${t("wild_defense")}`, state.wildDefense, () => { state.wildDefense = !state.wildDefense; changed(true); }, "wild-defense")),
      side(t("target"), state.target, r.target, null),
    ),
    field(t("target_hp"), stepper("target-hp", state.targetHp, { least: 0, most: 99, start: 2, nullable: true }, (v) => { state.targetHp = v; changed(true); })),
  );
}

function abilityName(key) {
  const found = [...rules().attacker, ...rules().defender].find((a) => a.key === key);
  return found ? found.name : key;
}

// -- one shot ----------------------------------------------------------------------------------

const shotPanel = document.getElementById("panel-shot");
const oddsBox = el("div", { id: "odds", class: "odds", "aria-live": "polite" });
const resultBox = el("div", { id: "result", class: "result", "aria-live": "polite" });

function attackSuits() {
  return state.wild ? ["♠", "♥", "♦", "♣"] : ["♠"];
}

function renderShot() {
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
    field(t("attack_card"), picker("attack-picker", { suits: attackSuits(), extras: ["Joker"], chosen: () => state.card, onchange: (c) => { state.card = c; changed(false); } })),
    el("h3", {}, t("odds_title")),
    oddsBox,
    field(t("defense_card"), picker("defense-picker", { suits: state.wildDefense ? ["♥", "♠", "♦", "♣"] : ["♥"], extras: ["Joker"], chosen: () => state.defense, none: true, onchange: (c) => { state.defense = c; if (!c) state.extra = null; renderShot(); } })),
    extraPicker,
    el(
      "details",
      { class: "more" },
      el("summary", {}, `${t("attacker_hp")} · ${t("seen")}`),
      field(t("attacker_hp"), stepper("attacker-hp", state.attackerHp, { least: 0, most: 99, start: rules().hp_max - 1, nullable: true }, (v) => { state.attackerHp = v; renderShot(); })),
      field(t("attacker_max"), stepper("attacker-max", state.attackerMax, { least: 1, most: 99, start: rules().hp_max, nullable: true }, (v) => { state.attackerMax = v; renderShot(); })),
      field(t("seen"), picker("seen-picker", { suits: SUITS, extras: ["Joker"], multi: true, chosen: () => state.seen, onchange: (c) => { state.seen = c; changed(false); } })),
    ),
    seed,
    el("button", { type: "button", class: "primary", id: "resolve", onclick: resolve, disabled: state.card ? undefined : true }, t("resolve")),
    resultBox,
  );
}

let oddsAsked = 0;

async function refreshOdds() {
  if (!state.card) {
    fill(oddsBox);
    return;
  }
  const asked = ++oddsAsked;
  oddsBox.classList.add("busy");
  try {
    const data = await ask("/api/companion/odds", { ...shotBody(), card: state.card, hand: state.hand, seen: state.seen });
    if (asked !== oddsAsked) return;
    fill(oddsBox, oddsView(data, "odds"));
  } catch {
    if (asked === oddsAsked) fill(oddsBox);
  } finally {
    if (asked === oddsAsked) oddsBox.classList.remove("busy");
  }
}

/** Hit, expected wounds, out of the game and the wound distribution as a bar chart. */
function oddsView(data, prefix) {
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

async function resolve() {
  if (!state.card) return;
  const body = {
    ...shotBody(),
    card: state.card,
    defense: state.defense,
    extra_defense: state.defense ? state.extra : null,
    attacker_hp: state.targetHp === null ? null : state.attackerHp,
    attacker_max_hp: state.targetHp === null || state.attackerHp === null ? null : state.attackerMax,
  };
  if (body.nine_lives && state.seed !== "") body.seed = Number(state.seed);
  fill(resultBox, el("p", { class: "busy" }, t("working")));
  try {
    const data = await ask("/api/companion/attack", body);
    fill(resultBox, resultView(data));
    resultBox.scrollIntoView({ behavior: "smooth", block: "start" });
  } catch {
    fill(resultBox);
  }
}

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

// -- which spade? -------------------------------------------------------------------------------

const spadePanel = document.getElementById("panel-spade");
const rankBox = el("div", { id: "ranking", class: "ranking", "aria-live": "polite" });

function renderSpade() {
  fill(
    spadePanel,
    field(t("your_hand"), picker("hand-picker", { suits: SUITS, extras: ["Joker"], multi: true, chosen: () => state.myHand, onchange: (c) => { state.myHand = c; } })),
    el("button", { type: "button", class: "primary", id: "rank", onclick: rankHand }, t("rank_hand")),
    rankBox,
  );
}

async function rankHand() {
  if (!state.myHand.length) return;
  try {
    const data = await ask("/api/companion/odds", { ...shotBody(), cards: state.myHand, hand: state.hand });
    const label = (a) => (a.wild ? t("as_joker", { card: a.card }) : a.card);
    fill(
      rankBox,
      el("p", { class: "best", id: "best" }, t("best", { card: label(data.attacks[0]) })),
      el(
        "ol",
        { class: "options" },
        data.attacks.map((a, i) =>
          el(
            "li",
            { dataset: { card: a.card, wild: a.wild ? "1" : "0" } },
            el("div", { class: "head" }, cardFace(a.card, { disabled: true }), el("span", { class: "name" }, label(a))),
            oddsView(a, `rank-${i}`),
          ),
        ),
      ),
    );
  } catch {
    fill(rankBox);
  }
}

// -- ability draws ------------------------------------------------------------------------------

const drawPanel = document.getElementById("panel-draw");
const drawnBox = el("div", { id: "drawn", class: "drawn", "aria-live": "polite" });

function renderDraw() {
  fill(
    drawPanel,
    field(t("draw_count"), stepper("count", state.drawCount, { least: 1, most: 20 }, (v) => { state.drawCount = v; renderDraw(); })),
    field(t("seed"), el("input", { type: "number", id: "draw-seed", inputmode: "numeric", min: "0", step: "1", placeholder: t("seed_hint"), value: state.drawSeed, oninput: (e) => { state.drawSeed = e.target.value; } })),
    el("button", { type: "button", class: "primary", id: "draw", onclick: drawAbilities }, t("draw")),
    drawnBox,
  );
}

async function drawAbilities() {
  const body = { count: state.drawCount };
  if (state.drawSeed !== "") body.seed = Number(state.drawSeed);
  try {
    const data = await ask("/api/companion/abilities", body);
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

// -- tabs and changes ---------------------------------------------------------------------------

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

let pending = null;

/** Something of the situation changed: draw again what depends on it, ask the odds again. */
function changed(redraw) {
  if (redraw) {
    if (!rules().weapons.some((w) => w.key === state.weapon)) state.weapon = rules().weapons[0].key;
    renderSetup();
    renderShot();
  } else {
    const button = document.getElementById("resolve");
    if (button) button.disabled = !state.card;
  }
  clearTimeout(pending);
  pending = setTimeout(refreshOdds, 120);
}

for (const key of ["shot", "spade", "draw"]) {
  document.getElementById(`tab-${key}`).addEventListener("click", () => showTab(key));
}
renderSetup();
renderShot();
renderSpade();
renderDraw();
showTab("shot");
window.totenblattCompanion = { state };
