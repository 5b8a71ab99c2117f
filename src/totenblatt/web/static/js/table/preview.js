// The preview of the decision being built, on the board and beside it: the ruler and the move's
// steps, the line of fire and the attack's odds, the spots a selected figure may move to.

import { renderAttack } from "../panels.js";
import { button, el, fill, inches, num, t } from "../util.js";
import { board } from "./parts.js";
import { cancel, dropMove, rulerLabel, toggleHide } from "./plan.js";
import { send } from "./sockets.js";
import { boot, legal, myTurn, page, state } from "./state.js";

/** The planned move beside the board: its steps, the inches, hiding, confirm or cancel. */
function renderMovePanel() {
  const p = state.mode.preview;
  if (state.mode.last) page.preview.dataset.goal = state.mode.last[1].join(",");
  else delete page.preview.dataset.goal;
  const parts = [el("h3", {}, t("move_steps") + (state.mode.card || p?.card ? ` — ${t("move_with", { card: state.mode.card || p.card })}` : ""))];
  if (p) {
    const list = el("ul", { class: "facts" });
    p.steps.forEach((s, i) => {
      const cost = p.costs ? inches(p.costs[i]) : "—";
      list.append(el("li", {}, `${s.figure}: ${cost}${s.hide ? ` · ${t("hidden")}` : ""}`));
    });
    parts.push(list, el("p", {}, el("b", {}, rulerLabel(p))));
    if (p.reason) parts.push(el("p", { class: "error" }, p.reason));
    if (p.can_hide || state.mode.hide) {
      parts.push(
        el("label", { class: "check" },
          el("input", { type: "checkbox", checked: state.mode.hide, onchange: toggleHide }),
          t("hide_here"), el("kbd", {}, "H")),
      );
    }
    parts.push(
      el("div", { class: "buttons" },
        button([t("confirm_move"), el("kbd", {}, "Enter")], () => send(p.action), "btn primary", { disabled: !p.legal, dataset: { confirm: "move" } }),
        button([t("cancel"), el("kbd", {}, "Esc")], cancel)),
      el("p", { class: "hint" }, t("split_hint")),
    );
  } else {
    parts.push(el("p", { class: "hint" }, t("pick_club")));
  }
  fill(page.preview, ...parts);
}

/** The board's marks and the preview panel for view ``v``. */
export function renderPreview(v) {
  board.clear("marks");
  board.clear("ruler");
  if (v.phase === "defend" && v.decision.attack && !v.is_over) {
    const a = v.decision.attack;
    const from = v.figures.find((f) => f.name === a.attacker)?.position;
    const to = v.figures.find((f) => f.name === a.target)?.position;
    if (from && to) board.drawFire(from, to, false, a.distance);
  }
  if (!myTurn(v) || !state.mode) {
    fill(page.preview);
    if (state.selected && myTurn(v) && v.phase === "action") showSpots(state.selected);
    return;
  }
  if (state.mode.kind === "move") {
    if (state.mode.preview) board.drawRuler(state.mode.preview.steps, rulerLabel(state.mode.preview), state.mode.preview.legal);
    renderMovePanel();
  } else if (state.mode.kind === "attack" && state.mode.preview) {
    const p = state.mode.preview;
    const from = v.figures.find((f) => f.name === p.attacker).position;
    const to = v.figures.find((f) => f.name === p.target).position;
    board.drawFire(from, to, !p.line_of_fire, p.distance);
    renderAttack(page.preview, p, state.mode.card, (option) => send(option.action), boot.table);
  } else {
    fill(page.preview);
  }
}

/** The spots the engine offers figure ``name`` to move to. */
function showSpots(name) {
  const spots = legal("move").filter((a) => a.steps.length === 1 && a.steps[0].figure === name).map((a) => a.steps[0]);
  const unique = new Map();
  for (const s of spots) unique.set(s.path[s.path.length - 1].join(","), s);
  const label = (spot) => {
    const end = spot.path[spot.path.length - 1];
    return t("spot_label", { figure: name, x: num(end[0]), y: num(end[1]) });
  };
  board.drawSpots([...unique.values()], (spot) => dropMove(name, spot.path[spot.path.length - 1], spot.hide), label);
}
