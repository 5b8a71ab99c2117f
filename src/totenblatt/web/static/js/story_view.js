// What a story shows: the test being drawn (sides, levels and shifts, cards, exact odds, the
// buttons the payload allows), the character sheets, and the story's log. Drawn from the payload
// only; every step goes to the server through page.act.

import { el, fill, percent, svg, t } from "./util.js";

const SVG_W = 320;
const SVG_H = 90;

/** A card of a pile, face up: its value big, its picture's name small (ace, jack …). */
function cardFace(value, joker = false) {
  const name = t(`card_${value}`);
  return el(
    "div",
    { class: `pcard${joker ? " joker-card" : ""}`, "data-value": value, role: "img", "aria-label": String(value) },
    el("span", { class: "v" }, String(value)),
    name !== `card_${value}` ? el("span", { class: "n" }, name) : null,
  );
}

function cardBack(kind) {
  return el("div", { class: `pcard ${kind}`, "aria-label": t("face_down") });
}

function sideTitle(side) {
  if (side.kind === "difficulty" && side.secret) return `${t("difficulty")} — ${t("secret_level")}`;
  if (side.kind === "difficulty") return `${t("difficulty")} ${side.base} — ${t(`difficulty_${side.base}`)}`;
  if (side.kind === "grenade") return t("kind_grenade");
  return side.npc ? `${side.name} (${t("npc")})` : side.name;
}

function sideDetail(side) {
  if (side.grenade) return t("throws_grenade");
  if (side.unaware) return `${side.skill} — ${t("unaware")}`;
  return side.skill || "";
}

function holderName(test, side, p) {
  const owner = test.sides[side].holder;
  if (owner === "gm") return t("gm");
  const found = p.characters.find((c) => c.character_id === owner);
  return found ? found.name : "?";
}

function sideBox(test, side, p) {
  const s = test.sides[side];
  const cards = test.cards[side] || [];
  const base = test.counts[side] ?? 1; // a secret difficulty's count is not told
  let row;
  if (cards.length) row = cards.map((v, i) => cardFace(v, side === "player" && i >= base));
  else if (test.drawn[side]) row = Array.from({ length: base }, () => cardBack("back"));
  else row = Array.from({ length: base }, () => cardBack("slot"));
  const shifts = (s.shifts || []).map((x) => el("li", { class: "shift" }, `${x.by > 0 ? "+" : ""}${x.by} ${x.reason}`));
  const level = s.secret ? t("secret_level") : s.level === s.base ? t("level_n", { level: s.level }) : `${t("level_n", { level: s.base })} → ${s.level}`;
  const waiting = test.status === "drawing" && !test.drawn[side] ? el("p", { class: "waiting" }, t("waiting_draw", { name: holderName(test, side, p) })) : null;
  const total = side in (test.totals || {}) ? el("p", { class: "total" }, `= ${test.totals[side]}`) : null;
  return el(
    "div",
    { class: `side ${side}${s.yours ? " yours" : ""}`, "data-side": side },
    el("h3", {}, sideTitle(s)),
    el("p", { class: "detail" }, sideDetail(s), el("b", { class: "lvl" }, level)),
    shifts.length ? el("ul", { class: "shifts" }, shifts) : null,
    el("div", { class: "cards" }, row),
    total,
    waiting,
  );
}

/** The margin's distribution as bars: failure red, success green, nothing grey. */
function marginChart(rows) {
  if (!rows.length) return null;
  const low = Math.min(...rows.map((r) => r.margin), -1);
  const high = Math.max(...rows.map((r) => r.margin), 1);
  const most = Math.max(...rows.map((r) => r.float));
  const width = SVG_W / (high - low + 1);
  const bars = rows.map((r) => {
    const h = Math.max(1, (r.float / most) * (SVG_H - 16));
    const bar = svg("rect", {
      x: ((r.margin - low) * width).toFixed(2),
      y: (SVG_H - 14 - h).toFixed(2),
      width: Math.max(0.6, width - 0.6).toFixed(2),
      height: h.toFixed(2),
      class: `bar ${r.outcome}`,
    });
    bar.append(svg("title", {}, `${r.margin > 0 ? "+" : ""}${r.margin}: ${r.text ?? percent(r.float, 1)} (${r.fraction})`));
    return bar;
  });
  const zero = (0 - low + 0.5) * width;
  const label = (x, text, anchor) => svg("text", { x: x.toFixed(1), y: SVG_H - 2, "text-anchor": anchor, class: "axis" }, text);
  return el(
    "figure",
    { class: "margins" },
    svg(
      "svg",
      { viewBox: `0 0 ${SVG_W} ${SVG_H}`, role: "img", "aria-label": t("margin_chart"), preserveAspectRatio: "none" },
      bars,
      svg("line", { x1: zero.toFixed(1), x2: zero.toFixed(1), y1: 0, y2: SVG_H - 12, class: "zero" }),
      label(2, String(low), "start"),
      label(zero, "0", "middle"),
      label(SVG_W - 2, `+${high}`, "end"),
    ),
    el("figcaption", {}, t("margin_chart")),
  );
}

function oddsBox(test) {
  const o = test.odds;
  const main = [el("b", {}, t("chance_success", { p: o.success_text ?? percent(o.success_float, 1) }))];
  if (o.with_jokers) {
    const n = o.with_jokers.jokers;
    const key = n === 1 ? "chance_with_joker" : "chance_with_jokers";
    main.push(el("span", { class: "sub" }, t(key, { n, p: o.with_jokers.success_text ?? percent(o.with_jokers.success_float, 1) })));
  }
  const wounds = ["light", "normal", "fat"]
    .filter((band) => o.wound[band])
    .map((band) => `${t(`band_${band}`)} ${o.wound[band].text ?? percent(o.wound[band].float, 1)}`);
  return el(
    "section",
    { class: "odds" },
    el("h3", {}, t("odds")),
    el("p", { class: "chance" }, main, el("span", { class: "exact", title: o.success }, o.success)),
    marginChart(o.margin),
    wounds.length ? el("p", { class: "wound-odds" }, t("loser_wound", { list: wounds.join(" · ") })) : null,
  );
}

function button(label, cls, onclick, data = {}) {
  const run = async (event) => {
    try {
      await onclick(event);
    } catch {
      /* page.act showed why in a toast */
    }
  };
  return el("button", { type: "button", class: `btn ${cls}`, dataset: data, onclick: run }, label);
}

const SUITS = ["♠", "♥", "♦", "♣"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/** Real cards at the table: a suit × value grid of 44 px buttons; tap the cards drawn, then
 * enter them (the server checks them against the pile: the count, no card twice). */
function cardGrid(test, side, count, page, url, label) {
  page.picked ||= {};
  const key = `${test.test_id}-${side}-${url}`;
  const picked = (page.picked[key] ||= []);
  const rows = SUITS.map((suit) =>
    el(
      "div",
      { class: "grid-row", role: "group", "aria-label": suit },
      RANKS.map((rank) => {
        const card = `${rank}${suit}`;
        const on = picked.includes(card);
        return el("button", {
          type: "button",
          class: `grid-card${on ? " on" : ""}${suit === "♥" || suit === "♦" ? " red" : ""}`,
          "aria-pressed": on ? "true" : "false",
          "data-card": card,
          onclick: () => {
            const at = picked.indexOf(card);
            if (at >= 0) picked.splice(at, 1);
            else if (picked.length < count) picked.push(card);
            page.render();
          },
        }, card);
      }),
    ),
  );
  const send = button(`${label} (${picked.length}/${count})`, "primary enter-cards", async () => {
    await page.act("POST", url, side === "joker" ? { cards: picked } : { side, cards: picked });
    delete page.picked[key];
    page.render();
  }, { side });
  if (picked.length !== count) send.disabled = true;
  return el("fieldset", { class: "card-grid", "data-side": side }, el("legend", {}, label), rows, send);
}

function actions(test, p, page) {
  const can = test.can;
  const path = `/tests/${test.test_id}`;
  const out = [];
  for (const side of can.draw) {
    const label = can.draw.length > 1 ? t("draw_for", { name: sideTitle(test.sides[side]) }) : t("draw");
    if (p.cards === "table") out.push(cardGrid(test, side, test.counts[side] ?? 1, page, `${path}/draw`, label));
    else out.push(button(label, "primary draw", () => page.act("POST", `${path}/draw`, { side }), { side }));
  }
  if (can.joker && p.cards === "table") {
    out.push(cardGrid(test, "joker", 1, page, `${path}/joker`, `${t("joker")} (${t("jokers_left", { n: test.jokers_held })})`));
  } else if (can.joker) {
    out.push(button(`${t("joker")} (${t("jokers_left", { n: test.jokers_held })})`, "joker", () => page.act("POST", `${path}/joker`)));
  }
  if (can.stop) out.push(button(t("stop"), "stop", () => page.act("POST", `${path}/stop`)));
  if (can.cancel) out.push(button(t("cancel"), "cancel", () => page.act("POST", `${path}/cancel`)));
  if (can.reveal) out.push(button(t("reveal"), "reveal", () => page.act("POST", `${path}/reveal`)));
  const hint = test.joker_refusal && can.stop && !can.joker ? el("p", { class: "hint" }, test.joker_refusal) : null;
  return out.length || hint ? el("div", { class: "actions" }, out, hint) : null;
}

function statusPill(test) {
  const word = test.status === "done" ? (test.outcome ? t(test.outcome) : t("secret_level")) : test.status === "cancelled" ? t("cancelled") : test.standing ? t(test.standing) : t("being_drawn");
  return el("span", { class: `pill ${test.status} ${test.outcome || test.standing || ""}` }, word);
}

function testCard(test, p, page) {
  return el(
    "article",
    { class: `test ${test.status} ${test.outcome || test.standing || ""}`, "data-test": test.test_id },
    el("div", { class: "test-head" }, el("h2", {}, t("test_n", { n: test.number })), statusPill(test)),
    el("div", { class: "sides" }, sideBox(test, "player", p), el("div", { class: "vs" }, t("vs")), sideBox(test, "opponent", p)),
    test.visibility && test.visibility !== "public" && !test.shown ? el("p", { class: "secret-note" }, t("secret_test")) : null,
    test.status === "drawing" && test.odds ? oddsBox(test) : null,
    test.status === "drawing" && test.odds_range ? el("section", { class: "odds" }, el("h3", {}, t("odds")), el("p", { class: "chance" }, el("b", {}, t("chance_success", { p: `${test.odds_range.low.text} – ${test.odds_range.high.text}` })))) : null,
    actions(test, p, page),
    test.narration.length ? el("ol", { class: "narration" }, test.narration.map((line) => el("li", {}, line))) : null,
  );
}

/** The test being drawn, else the last one decided. */
export function renderTest(root, p, page) {
  const open = p.tests.find((x) => x.status === "drawing");
  const last = open || [...p.tests].reverse().find((x) => x.status !== "cancelled");
  if (!last) return fill(root, el("h2", {}, t("current_test")), el("p", { class: "empty" }, t("no_test")));
  fill(root, testCard(last, p, page));
}

function woundTrack(c) {
  if ((c.hidden || []).includes("wounds")) return el("p", { class: "wounds hidden-part" }, `${t("wounds")}: ${t("hidden_part")}`);
  const cells = Array.from({ length: c.capacity }, (_, i) => el("span", { class: i < c.wound_points ? "cell hit" : "cell" }));
  const bands = ["light", "normal", "fat"].filter((b) => c.wounds[b]).map((b) => `${c.wounds[b]}× ${t(`band_${b}`)}`);
  return el(
    "div",
    { class: "wounds" },
    el("div", { class: "track", role: "img", "aria-label": t("wound_points", { points: c.wound_points, capacity: c.capacity }) }, cells),
    el("p", {}, c.out ? el("b", { class: "out" }, t("out")) : c.wound_points ? t("wound_points", { points: c.wound_points, capacity: c.capacity }) : t("unhurt"), bands.length ? ` — ${bands.join(", ")}` : ""),
  );
}

function jokerRow(c) {
  if (c.npc) return null;
  const stars = Array.from({ length: Math.min(c.jokers, 12) }, () => el("span", { class: "star", "aria-hidden": "true" }, "★"));
  return el("p", { class: "jokers" }, el("span", { class: "label" }, t("jokers")), stars, el("b", { class: "count" }, String(c.jokers)));
}

function notesBox(c, p, page) {
  if (c.notes === undefined) return null;
  const key = `notes-${c.character_id}`;
  const area = el("textarea", { rows: 2, maxlength: 2000, "data-keep": key, "aria-label": t("notes") }, c.notes);
  return el(
    "div",
    { class: "notes" },
    el("label", {}, t("notes"), area),
    button(t("save_notes"), "small", () => page.act("PATCH", `/characters/${c.character_id}`, { notes: area.value }).catch(() => null)),
  );
}

function gmControls(c, page) {
  const id = c.character_id;
  const path = `/characters/${id}`;
  const reason = el("input", { type: "text", maxlength: 120, placeholder: t("award_reason"), "data-keep": `reason-${id}`, "aria-label": t("award_reason") });
  const band = el(
    "select",
    { "data-keep": `band-${id}`, "aria-label": t("wound") },
    ["light", "normal", "fat"].map((b) => el("option", { value: b }, t(`band_${b}`))),
  );
  const parts = [];
  if (!c.npc) {
    parts.push(el("div", { class: "row" }, reason, button(t("award"), "small award", async () => {
      const sent = page.sentValues([`reason-${id}`]);
      try {
        await page.act("POST", `${path}/jokers`, { count: 1, reason: reason.value });
      } catch {
        return; // the toast said why
      }
      page.forgetSent(sent);
      page.render();
    })));
  }
  parts.push(el("div", { class: "row" }, band, button(t("wound"), "small", () => page.act("POST", `${path}/wounds`, { band: band.value })), button(t("heal"), "small", () => page.act("POST", `${path}/heal`, {}))));
  if (c.npc) {
    // what players see of this NPC: name only, with skills, with wounds (the server hides the rest)
    const levels = [["name"], ["name", "skills"], ["name", "skills", "wounds"]];
    const now = (c.shown || levels[2]).join(",");
    const pick = el(
      "select",
      { "aria-label": t("shown"), "data-shown": id, onchange: (e) => page.act("PATCH", path, { shown: e.target.value.split(",") }).catch(() => null) },
      levels.map((l) => el("option", { value: l.join(","), selected: l.join(",") === now }, l.map((x) => t(x === "name" ? "name" : x)).join(" + "))),
    );
    parts.push(el("label", { class: "field" }, el("span", {}, t("shown")), pick));
  }
  if (!c.npc) {
    parts.push(button(t("new_link"), "small link", async () => {
      const answer = await page.act("POST", `${path}/link`).catch(() => null);
      if (answer) page.links.set(id, answer.url);
      page.render();
    }));
    const url = page.links.get(id);
    if (url) parts.push(linkBox(t("player_link", { name: c.name }), url));
  }
  return el("details", { class: "gm-controls", "data-keep-open": `gm-${id}` }, el("summary", {}, t("gm_tools")), parts);
}

/** A link to hand on: shown in a field, with a copy button. */
export function linkBox(label, url) {
  const field = el("input", { type: "text", readonly: true, value: url, "aria-label": label });
  return el(
    "div",
    { class: "link-box" },
    el("span", { class: "label" }, label),
    el("div", { class: "row" }, field, button(t("copy"), "small", async (event) => {
      field.select();
      try {
        await navigator.clipboard.writeText(url);
        event.target.textContent = t("copied");
      } catch {
        document.execCommand?.("copy");
      }
    })),
  );
}

function sheet(c, p, page) {
  const mine = p.viewer.role === "player" && p.viewer.character_id === c.character_id;
  const skills = Object.entries(c.skills).map(([name, level]) => el("li", {}, name, el("b", {}, String(level))));
  return el(
    "article",
    { class: `sheet${c.npc ? " npc" : ""}${c.out ? " out" : ""}${mine ? " mine" : ""}`, "data-character": c.character_id },
    el(
      "header",
      {},
      el("h3", {}, c.name),
      c.npc ? el("span", { class: "badge" }, t("npc")) : null,
      c.stored ? el("span", { class: "badge stored" }, t("stored")) : null,
    ),
    jokerRow(c),
    woundTrack(c),
    skills.length ? el("ul", { class: "skills" }, skills) : el("p", { class: "empty" }, (c.hidden || []).includes("skills") ? `${t("skills")}: ${t("hidden_part")}` : t("no_skills")),
    notesBox(c, p, page),
    p.viewer.role === "gm" ? gmControls(c, page) : null,
  );
}

/** Every sheet; a player's own comes first, under "Your sheet". */
export function renderSheets(root, p, page) {
  page.links ||= new Map();
  const mine = p.characters.filter((c) => p.viewer.role === "player" && c.character_id === p.viewer.character_id);
  const others = p.characters.filter((c) => !mine.includes(c));
  fill(
    root,
    mine.length ? el("h2", {}, t("your_sheet")) : null,
    mine.map((c) => sheet(c, p, page)),
    el("h2", {}, t("characters")),
    el("div", { class: "sheet-list" }, others.map((c) => sheet(c, p, page))),
  );
}

/** The story's log, newest first. */
export function renderLog(root, p) {
  fill(root, el("h2", {}, t("log")), el("ol", { class: "log", reversed: true }, [...p.log].reverse().map((line) => el("li", {}, line))));
}
