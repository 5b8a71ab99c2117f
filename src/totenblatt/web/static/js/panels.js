// The parts of the page around the table: status bar, seats, hand, log, attack preview.
// They only show what the payload and the server's previews say.

import { cardElement, el, inches, num, percent, t, fill } from "./util.js";

/** Round, dealer, initiative and the piles, in the header. */
export function renderStatus(node, view) {
  const labels = view.labels;
  const round = view.round_limit
    ? t("round", { round: view.round, limit: view.round_limit })
    : t("round_open", { round: view.round });
  // one line however long the seats' names: a pill naming a seat gives way (an ellipsis, the
  // whole text in its tooltip); the others keep their width (table.css)
  const pill = (label, value, cls = "pill") =>
    el("span", { class: cls, title: `${label} ${value}` }, label, " ", el("b", {}, value));
  const dead = view.dead_hand_taken ? t("dead_hand_taken") : String(view.dead_hand);
  fill(node,
    el("span", { class: "pill", title: round }, el("b", {}, round)),
    view.dealer === null ? null : pill(t("dealer"), labels[view.dealer], "pill seat"),
    view.active === null ? null : pill(t("initiative"), labels[view.active], "pill seat"),
    pill(t("draw_pile"), String(view.draw_pile)),
    pill(t("discard_pile"), String(view.discard_pile)),
    pill(t("dead_hand"), dead),
  );
}

/** A figure in words: weapon, HP, hero type, abilities (spent ones marked), hidden, out. */
export function figureFacts(fig, table) {
  const parts = [table.weapons[fig.weapon] || fig.weapon, `${fig.hp}/${fig.hp_max} ${t("hp")}`];
  if (fig.kind !== "cowboy") parts.push(`★ ${table.kinds?.[fig.kind] || fig.kind}`);
  const spent = [...(fig.spent || [])];
  for (const a of fig.abilities) {
    const i = spent.indexOf(a);
    if (i >= 0) spent.splice(i, 1);
    parts.push((table.abilities[a] || a) + (i >= 0 ? " ✓" : ""));
  }
  if (fig.hidden) parts.push(t("hidden"));
  if (fig.out) parts.push(t("out"));
  return parts.join(" · ");
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
      .map((f) => el("li", { class: f.out ? "out" : "", dataset: { about: f.name } }, el("b", {}, f.name), " — ", figureFacts(f, table)));
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
  fill(node, el("h2", {}, t("players")), ...rows);
}

/** The hand as cards; ``marks`` maps a card to extra classes (playable, chosen, dim). */
export function renderHand(node, cards, marks, onClick) {
  const seen = new Map();
  const children = cards.map((card, index) => {
    const element = cardElement(card);
    const count = seen.get(card) || 0;
    seen.set(card, count + 1);
    for (const cls of marks(card)) element.classList.add(cls);
    if (index < 9) element.append(el("span", { class: "key" }, String(index + 1)));
    element.addEventListener("click", () => onClick(card));
    return element;
  });
  node.classList.toggle("many", cards.length > 7);
  fill(node, ...(children.length ? children : [el("span", { class: "hint" }, t("no_cards"))]));
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
export function renderAttack(node, preview, chosenCard, onFire) {
  const cover =
    preview.target_hidden && preview.cover === "hard" ? t("cover_hidden_hard") : t(`cover_${preview.cover}`);
  const band =
    preview.band === null ? t("out_of_range") : t("band_n", { limit: num(preview.band_limit, 0) });
  const modifier = preview.modifier === "miss" ? "—" : preview.modifier > 0 ? `+${preview.modifier}` : String(preview.modifier);
  const facts = el(
    "dl",
    { class: "facts" },
    el("dt", {}, t("distance")), el("dd", {}, inches(preview.distance)),
    el("dt", {}, t("range_band")), el("dd", {}, rangeFact(preview, band, modifier)),
    el("dt", {}, t("line_of_fire")), el("dd", {}, preview.line_of_fire ? t("yes") : t("no")),
    el("dt", {}, t("cover")), el("dd", {}, cover),
  );
  const parts = [el("h3", {}, t("attack_preview", { attacker: preview.attacker, target: preview.target })), facts];
  if (preview.options.length) {
    const rows = preview.options.map((option, index) => {
      const key = option.wild ? "fire_wild" : "fire";
      const primary = option.card === chosenCard || (!chosenCard && index === 0);
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
  }
  if (preview.reason) parts.push(el("p", { class: "error" }, preview.reason));
  fill(node, ...parts);
}
