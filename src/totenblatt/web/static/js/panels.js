// The parts of the page around the table: status bar, seats, hand, log, attack preview.
// They only show what the payload and the server's previews say.

import { cardElement, el, inches, num, percent, t, fill, refill } from "./util.js";

/** Round, dealer, initiative and the piles, in the header (and ``copy``: the menu's copy of
 * them, for a narrow screen whose header shows the round and the initiative only). */
export function renderStatus(node, view, copy = null) {
  const labels = view.labels;
  const round = view.round_limit
    ? t("round", { round: view.round, limit: view.round_limit })
    : t("round_open", { round: view.round });
  // one line however long the seats' names: a pill naming a seat gives way (an ellipsis, the
  // whole text in its tooltip); the others keep their width (table.css)
  const pill = (label, value, cls = "pill") =>
    el("span", { class: cls, title: `${label} ${value}` }, label, " ", el("b", {}, value));
  const dead = view.dead_hand_taken ? t("dead_hand_taken") : String(view.dead_hand);
  const pills = () => [
    el("span", { class: "pill round", title: round }, el("b", {}, round)),
    view.dealer === null ? null : pill(t("dealer"), labels[view.dealer], "pill seat dealer"),
    view.active === null ? null : pill(t("initiative"), labels[view.active], "pill seat initiative"),
    pill(t("draw_pile"), String(view.draw_pile), "pill pile"),
    pill(t("discard_pile"), String(view.discard_pile), "pill pile"),
    pill(t("dead_hand"), dead, "pill pile"),
  ];
  fill(node, pills());
  if (copy) fill(copy, pills());
}

/** A word of the rules that explains itself: its tooltip on hover, a bubble on tap or Enter
 * (``term``: a key of the table's ``terms``, e.g. ``ability:cover_1``, ``cover:hard``). */
export function term(table, key, label) {
  const about = table?.terms?.[key];
  if (!about) return label;
  return el("span", { class: "term", tabindex: 0, title: about, dataset: { term: key } }, label);
}

/** A figure in words: weapon, HP, hero type, abilities (spent ones marked), hidden, out; with
 * ``rich`` the hero type and abilities are terms that explain themselves (an array of parts). */
export function figureFacts(fig, table, rich = false) {
  const parts = [table.weapons[fig.weapon] || fig.weapon, `${fig.hp}/${fig.hp_max} ${t("hp")}`];
  if (fig.kind !== "cowboy") parts.push(rich ? term(table, `kind:${fig.kind}`, `★ ${table.kinds?.[fig.kind] || fig.kind}`) : `★ ${table.kinds?.[fig.kind] || fig.kind}`);
  const spent = [...(fig.spent || [])];
  for (const a of fig.abilities) {
    const i = spent.indexOf(a);
    if (i >= 0) spent.splice(i, 1);
    const name = (table.abilities[a] || a) + (i >= 0 ? " ✓" : "");
    parts.push(rich ? term(table, `ability:${a}`, name) : name);
  }
  if (fig.hidden) parts.push(rich ? term(table, "hidden", t("hidden")) : t("hidden"));
  if (fig.out) parts.push(t("out"));
  else if (fig.hp <= 0) parts.push(t("last_breath"));
  if (!rich) return parts.join(" · ");
  return parts.flatMap((part, i) => (i ? [" · ", part] : [part]));
}

/** Every seat: its colour, name, cards in hand, bid, whose decision it is, its figures. */
export function renderSeats(node, view, table) {
  const bids = new Map((view.decision.bids || []).map(([seat, card]) => [seat, card]));
  const rows = view.labels.map((label, seat) => {
    const alive = view.figures.some((f) => f.seat === seat && !f.out);
    const held = view.hand_sizes?.[seat];
    const meta = held === undefined ? [] : [t(held === 1 ? "cards_one" : "cards", { n: held })];
    if (bids.has(seat)) meta.push(`${t("bids")}: ${bids.get(seat)}`);
    const you = view.seat === seat ? ` (${t("you")})` : "";
    const figures = view.figures
      .filter((f) => f.seat === seat)
      .map((f) => el("li", { class: f.out ? "out" : "", dataset: { about: f.name } }, el("b", {}, f.name), " — ", figureFacts(f, table, true)));
    return [
      el(
        "div",
        { class: `seat-row${view.to_act === seat ? " to-act" : ""}${alive ? "" : " out"}` },
        el("span", { class: `dot seat-${seat}` }),
        el("span", {}, label + you),
        el("span", { class: "meta" }, meta.join(" · ")),
      ),
      el("ul", { class: "figure-list" }, figures),
    ];
  });
  refill(node, el("h2", {}, t("players")), ...rows);
}

/** The keys that pick a card, in the hand's order: digits, then letters no other key uses
 * (P, R, H, L, M, C, T, U and Z are left to the page), then the same letters with Shift. */
export const CARD_KEYS = (() => {
  const letters = "qweyioasdfgjkxvbn".split("");
  return [..."123456789", "0", ...letters, ...letters.map((c) => c.toUpperCase())];
})();

function cardButton(card, index, marks, onClick) {
  const element = cardElement(card);
  for (const cls of marks(card)) element.classList.add(cls);
  const key = CARD_KEYS[index];
  if (key) {
    const shown = key !== key.toLowerCase() ? `⇧${key}` : key.toUpperCase();
    element.append(el("span", { class: "key", "aria-hidden": "true" }, shown));
    element.setAttribute("aria-keyshortcuts", key !== key.toLowerCase() ? `Shift+${key}` : key);
    element.dataset.key = key;
  }
  element.addEventListener("click", () => onClick(card));
  return element;
}

/**
 * The hand as cards; ``marks`` maps a card to extra classes (playable, chosen, dim). Per
 * character (``groups``: [{name, hp, hp_max, out, cards}], the acting figure's first) one
 * group per own figure, ``[data-figure-hand=NAME]``, headed by its name, HP and count; with
 * ``onFold(name)`` the head is a button that folds its row (a group's ``folded``: its cards
 * hidden). Each card shows its key (CARD_KEYS, in the order shown); the answer is the cards in
 * that order.
 */
export function renderHand(node, cards, marks, onClick, groups = null, acting = null, onFold = null) {
  if (groups) {
    node.classList.remove("many");
    node.classList.add("per-figure");
    let index = 0;
    const order = [];
    const children = groups.map((g) => {
      const buttons = g.cards.map((card) => {
        order.push(card);
        return cardButton(card, index++, marks, onClick);
      });
      const count = t(g.cards.length === 1 ? "cards_one" : "cards", { n: g.cards.length });
      const facts = [el("b", {}, g.name), el("span", { class: "fh-hp" }, `${g.hp}/${g.hp_max} ${t("hp")}`), el("span", { class: "fh-count" }, count)];
      // a row per figure; on a phone the others fold to their name, HP and count (onFold)
      const head = onFold
        ? el("button", { class: "fh-head", type: "button", "aria-expanded": String(!g.folded), onclick: () => onFold(g.name) }, ...facts)
        : el("div", { class: "fh-head" }, ...facts);
      return el(
        "div",
        { class: `figure-hand${g.name === acting ? " acting" : ""}${g.out ? " out" : ""}${g.folded ? " folded" : ""}`, dataset: { figureHand: g.name } },
        head,
        el("div", { class: "fh-cards" }, buttons.length ? buttons : el("span", { class: "hint" }, t("no_cards"))),
      );
    });
    fill(node, ...children);
    return order;
  }
  node.classList.remove("per-figure");
  const children = cards.map((card, index) => cardButton(card, index, marks, onClick));
  node.classList.toggle("many", cards.length > 7);
  fill(node, ...(children.length ? children : [el("span", { class: "hint" }, t("no_cards"))]));
  return [...cards];
}

/** The event log in words, newest last, kept scrolled to the end. */
export function renderLog(node, lines) {
  const atEnd = node.scrollTop + node.clientHeight >= node.scrollHeight - 30;
  if (node.childElementCount > lines.length) fill(node);
  for (let i = node.childElementCount; i < lines.length; i++) {
    const [type, text] = lines[i];
    node.append(el("li", { class: type }, text));
  }
  if (atEnd || node.childElementCount === lines.length) node.scrollTop = node.scrollHeight;
}

function distribution(wounds) {
  const bar = el("span", { class: "dist" });
  for (const [w, p] of wounds) {
    if (p <= 0) continue;
    const part = el("span", { class: `w${Math.min(w, 5)}`, title: `${w}: ${percent(p)}` });
    part.style.width = `${(p * 100).toFixed(2)}%`;
    bar.append(part);
  }
  return bar;
}

/** The range band and the weapon's modifier in it; a band the weapon cannot reach says so. */
function rangeFact(preview, band, modifier) {
  if (preview.band === null) return band;
  if (preview.modifier === "miss") return `${band} (${t("out_of_range")})`;
  return `${band} (${t("modifier")} ${modifier})`;
}

/** The attack preview: distance, range band, line of fire, cover and the odds per card. */
export function renderAttack(node, preview, chosenCard, onFire, table = null) {
  const cover =
    preview.target_hidden && preview.cover === "hard" ? t("cover_hidden_hard") : t(`cover_${preview.cover}`);
  const band =
    preview.band === null ? t("out_of_range") : t("band_n", { limit: num(preview.band_limit, 0) });
  const modifier = preview.modifier === "miss" ? "—" : preview.modifier > 0 ? `+${preview.modifier}` : String(preview.modifier);
  const facts = el(
    "dl",
    { class: "facts" },
    el("dt", {}, t("distance")), el("dd", {}, inches(preview.distance)),
    el("dt", {}, t("range_band")), el("dd", {}, preview.band === null ? rangeFact(preview, band, modifier) : term(table, `band:${preview.band}`, rangeFact(preview, band, modifier))),
    el("dt", {}, t("line_of_fire")), el("dd", {}, preview.line_of_fire ? t("yes") : t("no")),
    el("dt", {}, t("cover")), el("dd", {}, term(table, preview.target_hidden && preview.cover === "hard" ? "hidden" : `cover:${preview.cover}`, cover)),
  );
  const parts = [el("h3", {}, t("attack_preview", { attacker: preview.attacker, target: preview.target })), facts];
  if (preview.options.length) {
    // the primary button: the chosen card, else the first; never a shot that cannot hit
    const first = preview.options.findIndex((o) => o.hit > 0);
    const rows = preview.options.map((option, index) => {
      const key = option.wild ? "fire_wild" : "fire";
      const primary = option.hit > 0 && (option.card === chosenCard || (!chosenCard && index === first));
      return el(
        "tr",
        {},
        el("td", {}, el("button", { class: `btn small${primary ? " primary" : ""}`, type: "button", onclick: () => onFire(option), dataset: { fire: option.card } }, t(key, { card: option.card }))),
        el("td", {}, percent(option.hit)),
        el("td", {}, num(option.expected, 2)),
        el("td", {}, percent(option.kill)),
        el("td", {}, distribution(option.wounds)),
      );
    });
    parts.push(
      el(
        "table",
        { class: "odds" },
        el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", {}, t("chance_to_hit")), el("th", {}, t("expected_wounds")), el("th", {}, t("kill_chance")), el("th", {}, t("wound_distribution")))),
        el("tbody", {}, rows),
      ),
      el("p", { class: "assumption" }, t("odds_assumption")),
    );
    if (first < 0) parts.push(el("p", { class: "error hopeless" }, t("fire_hopeless")));
  }
  if (preview.reason) parts.push(el("p", { class: "error" }, preview.reason));
  fill(node, ...parts);
}
