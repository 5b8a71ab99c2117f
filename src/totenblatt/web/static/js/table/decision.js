// The decision panel: whose decision it is, the prompt, the choices as buttons (the server's
// labels), redraw, tempting fate, conceding; a refusal or the game's end in their place.

import { button, el, fill, t } from "../util.js";
import { confirmConcede } from "./overlays.js";
import { render } from "./redraw.js";
import { actChoice } from "./sockets.js";
import { boot, choicesOf, page, spectator, state } from "./state.js";

/** A choice of the view as a button: its label, the outcome after " — " set apart. */
function choiceButton(choice, primary = false) {
  const [head, ...rest] = choice.label.split(" — ");
  const parts = [head];
  if (rest.length) parts.push(el("span", { class: "outcome" }, rest.join(" — ")));
  return el(
    "button",
    { class: `btn${primary ? " primary" : ""}`, type: "button", onclick: () => actChoice(choice), dataset: { choice: choice.group } },
    ...parts,
  );
}

/** What the decision asks (the action phase: the page's own words). */
function promptOf(v) {
  return v.phase === "action" ? t("prompt_action") : v.prompt;
}

/** The decision panel for view ``v``. */
export function renderDecision(v) {
  const node = page.decision;
  node.className = "";
  if (v.is_over) {
    fill(node, el("div", { class: "prompt" }, v.result || t("game_over")));
    return;
  }
  if (state.refused) {
    node.className = "refused";
    fill(node, el("div", { class: "prompt" }, t("connection_refused")), el("div", { class: "hint" }, t("connection_refused_hint")));
    return;
  }
  const who = v.labels[v.to_act] ?? "";
  if (spectator || v.to_act !== v.seat || !state.revealed) {
    node.className = "waiting";
    const key = v.bot_to_act ? "bot_thinking" : "waiting_for";
    fill(node, el("div", { class: "prompt" }, t(key, { name: who })), spectator ? el("div", { class: "hint" }, t("spectating")) : null);
    return;
  }
  const main = [];
  const secondary = [];
  const picked = state.mode && (state.mode.kind === "pick" || state.mode.kind === "redraw" || state.mode.kind === "fate") ? state.mode : null;
  if (picked && picked.card) {
    const group = picked.kind === "pick" ? v.phase : picked.kind === "redraw" ? "redraw" : "tempt_fate";
    for (const c of choicesOf(group).filter((c) => c.card === picked.card)) main.push(choiceButton(c, true));
    main.push(button(t("cancel"), () => { state.mode = null; render(); }));
  } else if (picked) {
    const cost = boot.table.redraw_cost;
    main.push(el("p", { class: "hint" }, picked.kind === "redraw" ? t("redraw_pick", { cost }) : t("tempt_fate")));
    main.push(button(t("cancel"), () => { state.mode = null; render(); }));
  } else {
    const groups = ["swap", "bid", "defend", "keep"];
    const few = v.choices.filter((c) => groups.includes(c.group)).length <= 2;
    for (const c of v.choices) if (groups.includes(c.group)) main.push(choiceButton(c, few && (c.group === "swap" || c.group === "keep")));
    for (const c of choicesOf("pass")) main.push(choiceButton(c, v.phase === "swap"));
  }
  for (const c of choicesOf("reveal")) secondary.push(choiceButton(c));
  if (choicesOf("redraw").length) secondary.push(button(t("redraw"), () => { state.mode = { kind: "redraw" }; render(); }, "btn small"));
  if (choicesOf("tempt_fate").length) secondary.push(button(t("tempt_fate"), () => { state.mode = { kind: "fate" }; render(); }, "btn small"));
  if (choicesOf("concede").length) secondary.push(button(t("concede"), confirmConcede, "btn small danger"));
  fill(node, 
    el("div", { class: "who" }, t("your_decision")),
    el("div", { class: "prompt" }, promptOf(v)),
    el("div", { class: "buttons" }, main),
    v.phase === "action" && !state.mode ? el("p", { class: "hint" }, t("pick_club")) : null,
    secondary.length ? el("div", { class: "buttons secondary" }, secondary) : null,
    state.error ? el("p", { class: "error" }, state.error) : null,
  );
}
