// The companion's one state object (what the reader has set: the situation, the cards, the
// tabs; and the odds asked) and the server's data it starts from: the rulesets' weapons,
// covers and abilities.

import { readJson } from "../util.js";

export const BOOT = readJson("boot");
export const LANG = BOOT.lang;

/**
 * Everything of the companion that changes, in one object: made once by ``createState``;
 * the page (companion.js) owns it and passes it to the panels' functions, and shows it as
 * ``window.totenblattCompanion.state``.
 * - the situation (the setup panel, shared by the tabs): ``ruleset``, ``weapon``,
 *   ``distance`` (inches), ``cover``, ``hand`` (the attacker's cards in hand), the abilities
 *   on (sets of keys: ``attacker``, ``defender``, ``target``), ``wild`` and ``wildDefense``
 *   (Wild 2 used), ``targetHp`` (null: not given);
 * - one shot: ``card`` (the attack card), ``defense`` and ``extra`` (the defence's cards; null:
 *   none), ``attackerHp`` and ``attackerMax`` (null: not given), ``seen`` (cards known gone),
 *   ``seed`` (Nine Lives' draw; "": the server's);
 * - which spade: ``myHand`` (the cards to rank); ability draws: ``drawCount``, ``drawSeed``;
 * - ``tab``: the panel shown ("shot", "spade", "draw");
 * - ``odds``: {asked (the serial of the newest odds asked: an older answer is dropped),
 *   timer (the odds asked again shortly after the last change)}.
 */
export function createState() {
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
    odds: { asked: 0, timer: null },
  };
  state.weapon = rules(state).weapons[0].key;
  return state;
}

/** The rules of the state's ruleset (weapons, covers, abilities, distances). */
export function rules(state) {
  return BOOT.rulesets[state.ruleset];
}

/** The name of an attacker's or defender's ability. */
export function abilityName(state, key) {
  const found = [...rules(state).attacker, ...rules(state).defender].find((a) => a.key === key);
  return found ? found.name : key;
}
