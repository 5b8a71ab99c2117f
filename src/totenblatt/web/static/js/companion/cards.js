// Cards to tap: a card's face (rank over pip, red for hearts and diamonds) and the pickers of
// one card or several (a hand), by suit.

import { el, fill, t } from "../util.js";

const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
export const SUITS = ["♠", "♥", "♦", "♣"];
const RED = new Set(["♥", "♦"]);

/** A card as the page draws it: rank over pip, red for hearts and diamonds. */
export function cardFace(text, attrs = {}) {
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

// -- card pickers ----------------------------------------------------------------------------

/**
 * Cards to tap: one suit's ranks (with suit tabs when several suits are offered), jokers and
 * extra cards. ``multi``: several cards (a hand); ``none``: a "no card" choice.
 */
export function picker(id, { suits, extras = [], chosen, multi = false, none = false, onchange }) {
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
