// Which spade? The cards of a hand ranked by the server for the situation, best first.

import { el, fill, t } from "../util.js";
import { cardFace, picker, SUITS } from "./cards.js";
import { field } from "./controls.js";
import { oddsView } from "./odds.js";
import { ask, shotBody } from "./server.js";

const spadePanel = document.getElementById("panel-spade");
const rankBox = el("div", { id: "ranking", class: "ranking", "aria-live": "polite" });

/** The panel: the hand to rank and its ranking. */
export function renderSpade(state) {
  fill(
    spadePanel,
    field(t("your_hand"), picker("hand-picker", { suits: SUITS, extras: ["Joker"], multi: true, chosen: () => state.myHand, onchange: (c) => { state.myHand = c; } })),
    el("button", { type: "button", class: "primary", id: "rank", onclick: () => rankHand(state) }, t("rank_hand")),
    rankBox,
  );
}

/** The server's ranking of the hand's attack cards, best first, each with its odds. */
async function rankHand(state) {
  if (!state.myHand.length) return;
  try {
    const data = await ask(state, "/api/companion/odds", { ...shotBody(state), cards: state.myHand, hand: state.hand });
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
