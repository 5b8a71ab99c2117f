// A campaign fight's page: its state, and each gang's aftermath as a short wizard for its
// owner — what happened, the sacrifice, healing, advancement (the cards drawn), promotion,
// recruitment, new cowboys, the new leader when the leader was lost, the roster after.
// Every number comes from the server (it runs the campaign rules); a change of choice asks
// it again. Nothing is written until Confirm.

import { cardParts, el, fill, t, toast } from "./util.js";
import { api, boot, button, field, input, roleLine } from "./campaign_ui.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 3000;
const POLLS = 1200; // an hour of waiting for the fight to end, then the page stops asking

const wizards = new Map(); // gang_id -> {steps, choices, index, busy}

function fightPath() {
  return `/api/campaigns/${boot.campaign_id}/fights/${boot.fight_id}`;
}

function card(text) {
  const { suit, rank, pip } = cardParts(text);
  return el("span", { class: `card ${suit}`, role: "img", "aria-label": text },
    el("span", { class: "rank" }, rank), el("span", { class: "pip" }, pip),
    el("span", { class: "corner" }, suit === "joker" ? rank : rank + pip));
}

function eventLine(e) {
  if (e.event === "ability_gained" && e.card) {
    return el("li", { class: "drawn" }, card(e.card),
      el("div", {}, el("b", {}, e.member), " — ", e.ability_name, el("p", { class: "effect" }, e.effect)));
  }
  return el("li", { class: `ev ${e.event}` }, e.text);
}

function events(list) {
  return list.length ? el("ul", { class: "events" }, list.map(eventLine)) : el("p", { class: "empty" }, t("nothing_here"));
}

// -- one step ------------------------------------------------------------------------------

function stepBody(gangId, step, w) {
  if (step.step === "fight") {
    return [
      el("p", { class: `result ${step.result}` }, el("b", {}, step.result_text), ` · ${t("kills")}: ${step.kills}`),
      step.lines.length ? el("ul", { class: "story" }, step.lines.map((l) => el("li", {}, l))) : null,
      events(step.events),
    ];
  }
  if (step.step === "sacrifice") {
    if (step.fixed) return [el("p", {}, el("b", {}, step.chosen))];
    return [
      el("p", {}, t("who_sacrifice")),
      el("div", { class: "choices" }, step.candidates.map((c) => el("label", { class: "check big" },
        el("input", { type: "radio", name: `sacrifice-${gangId}`, value: c.name, checked: c.name === step.chosen,
          onchange: () => choose(gangId, { sacrifice: c.name }) }),
        `${c.name} (${c.kind_name}, ${c.hp} ${t("hp")})`))),
    ];
  }
  if (step.step === "recruitment") return recruitment(gangId, step, w);
  if (step.step === "refill") {
    return [
      el("label", { class: "check big" },
        el("input", { type: "checkbox", id: `fill-${gangId}`, checked: step.fill,
          onchange: (ev) => choose(gangId, { fill: ev.target.checked, leader: null }) }),
        `${t("fill_up")} (${step.free_text})`),
      step.forfeit ? el("p", { class: "hint" }, t("forfeit_warning")) : null,
      events(step.events),
    ];
  }
  if (step.step === "leader") {
    return [
      el("p", {}, t("who_leads")),
      el("div", { class: "choices" }, step.candidates.map((c) => el("label", { class: "check big" },
        el("input", { type: "radio", name: `leader-${gangId}`, value: c.name, checked: c.name === step.chosen,
          "data-leader": c.name, onchange: () => choose(gangId, { leader: c.name }) }),
        `${c.name} (${c.kind_name})`))),
      events(step.events),
    ];
  }
  if (step.step === "roster") {
    const rows = step.members.map((m) => el("tr", {},
      el("td", {}, m.name), el("td", {}, m.kind_name), el("td", { class: "hp" }, `${m.hp}/${m.hp_max}`),
      el("td", {}, String(m.fights_survived))));
    return [el("div", { class: "scroll" }, el("table", { class: "roster small" },
      el("thead", {}, el("tr", {}, [t("name"), t("kind"), t("hp"), t("fights_survived")].map((h) => el("th", {}, h)))),
      el("tbody", {}, rows)))];
  }
  return [events(step.events)];
}

function recruitment(gangId, step, w) {
  const offers = [el("label", { class: "check big" },
    el("input", { type: "radio", name: `hire-${gangId}`, value: "", checked: !step.hire,
      onchange: () => { w.pending = null; choose(gangId, { hire: null, pay: null, abilities: [] }); } }), t("hire_none"))];
  for (const o of step.offers) {
    offers.push(el("label", { class: "check big" + (o.affordable ? "" : " disabled") },
      el("input", { type: "radio", name: `hire-${gangId}`, value: o.kind, checked: step.hire === o.kind,
        disabled: !o.affordable, "data-hire": o.kind, onchange: () => { w.pending = null; choose(gangId, { hire: o.kind, pay: null, abilities: [] }); } }),
      t("hire_kind", { kind: o.kind_name, cost: o.cost })));
  }
  const parts = [el("div", { class: "choices" }, offers)];
  if (step.hire) {
    const cost = step.offers.find((o) => o.kind === step.hire)?.cost ?? 0;
    const inputs = step.payers.map((p) => input(`pay-${gangId}-${p.name}`, {
      type: "number", min: 0, max: p.most, value: step.pay[p.name] ?? 0, inputmode: "numeric", "data-payer": p.name,
    }));
    const shown = w.pending ?? step.pay;
    const paid = Object.values(shown).reduce((a, b) => a + b, 0);
    const sum = el("b", { class: "paid" + (paid === cost ? "" : " short"), id: `paid-${gangId}` }, t("paid_sum", { paid, cost }));
    const short = el("p", { class: "hint warn", id: `pay-short-${gangId}`, hidden: paid === cost }, t("pay_short"));
    const name = input(`hero-name-${gangId}`, { maxlength: 80, value: step.hire_name || "" });
    const apply = () => {
      const pay = {};
      inputs.forEach((i, n) => { const v = Number(i.value) || 0; if (v) pay[step.payers[n].name] = v; });
      const total = Object.values(pay).reduce((a, b) => a + b, 0);
      sum.textContent = t("paid_sum", { paid: total, cost });
      sum.classList.toggle("short", total !== cost);
      short.hidden = total === cost;
      // what is shown is what is recorded: a split that does not pay the price blocks Confirm
      w.pending = total === cost ? null : pay;
      if (total === cost) choose(gangId, { pay, hire_name: name.value.trim() || null });
    };
    inputs.forEach((i) => { i.value = shown[i.dataset.payer] ?? 0; i.addEventListener("change", apply); });
    name.addEventListener("change", () => choose(gangId, { hire_name: name.value.trim() || null }));
    const count = step.ability_count?.[step.hire] ?? 0;
    const chosen = step.abilities || [];
    const picks = [];
    for (let n = 0; n < count; n += 1) {
      const options = [el("option", { value: "" }, t("ability_drawn"))].concat((step.ability_options || []).map((o) =>
        el("option", { value: o.ability, selected: chosen[n] === o.ability }, `${o.name} (${o.cards.join(", ")})`)));
      picks.push(el("select", { name: `ability-${gangId}-${n}`, id: `f-ability-${gangId}-${n}`, "data-ability-pick": String(n) }, options));
    }
    const pickApply = () => {
      const abilities = picks.map((p) => p.value).filter(Boolean);
      if (new Set(abilities).size !== abilities.length) { toast(t("abilities_distinct")); return; }
      choose(gangId, { abilities });
    };
    picks.forEach((p) => p.addEventListener("change", pickApply));
    parts.push(
      el("fieldset", { class: "payers" }, el("legend", {}, t("who_pays", { cost })),
        step.payers.map((p, n) => field(`${p.name} (${p.hp} ${t("hp")})`, inputs[n])), sum, short),
      field(t("hero_name"), name),
      picks.length ? el("fieldset", { class: "abilities" }, el("legend", {}, t("abilities_pick", { n: count })),
        picks.map((p, n) => field(`${n + 1}.`, p))) : null);
    if (step.zero_hp_text) {
      const cheaper = step.offers.find((o) => o.kind === step.cheaper);
      parts.push(el("p", { class: "hint warn", id: `zero-hp-${gangId}` }, step.zero_hp_text,
        cheaper ? button(t("hire_cheaper", { kind: cheaper.kind_name }), () => { w.pending = null; choose(gangId, { hire: cheaper.kind, pay: null, abilities: [] }); }, "btn small", { id: `cheaper-${gangId}` }) : null));
    }
  } else if (!step.offers.some((o) => o.affordable)) {
    parts.push(el("p", { class: "hint" }, t("cannot_hire")));
  }
  parts.push(events(step.events));
  return parts;
}

// -- the wizard -------------------------------------------------------------------------------

async function choose(gangId, change) {
  const w = wizards.get(gangId);
  const choices = { ...w.choices, ...change };
  try {
    const answer = await api("POST", `${fightPath()}/aftermath/preview`, { gang_id: gangId, choices });
    w.steps = answer.steps;
    w.choices = { ...choices, ...answer.choices };
  } catch (e) {
    toast(e.message);
  }
  renderWizard(gangId);
}

async function record(gangId, body) {
  const w = wizards.get(gangId);
  if (w.busy) return;
  w.busy = true;
  try {
    const view = await api("POST", `${fightPath()}/aftermath`, { gang_id: gangId, ...body });
    toast(t("recorded_done"), "info");
    wizards.delete(gangId);
    render(view);
  } catch (e) {
    w.busy = false;
    toast(e.message);
  }
}

function renderWizard(gangId) {
  const w = wizards.get(gangId);
  const node = document.querySelector(`.gang-after[data-gang="${CSS.escape(gangId)}"] .wizard`);
  if (!node || !w) return;
  const step = w.steps[w.index];
  const last = w.index === w.steps.length - 1;
  fill(node,
    el("ol", { class: "progress" }, w.steps.map((s, i) => el("li", { class: i === w.index ? "now" : i < w.index ? "done" : "" },
      el("button", { type: "button", class: "step-dot", "aria-label": s.title, onclick: () => { w.index = i; renderWizard(gangId); } }, String(i + 1))))),
    el("h3", { class: "step-title", "data-step": step.step }, step.title),
    el("div", { class: "step" }, stepBody(gangId, step, w)),
    el("div", { class: "buttons nav" },
      w.index > 0 ? button(t("previous"), () => { w.index -= 1; renderWizard(gangId); }, "btn", { id: `back-${gangId}` }) : null,
      last
        ? button(t("confirm"), () => record(gangId, { choices: w.choices }), "btn primary", { id: `confirm-${gangId}`, disabled: Boolean(w.pending) })
        : button(t("next"), () => { w.index += 1; renderWizard(gangId); }, "btn primary", { id: `next-${gangId}` }),
      button(t("accept_defaults"), () => record(gangId, { accept_defaults: true }), "btn", { id: `defaults-${gangId}` })),
  );
}

function summary(steps) {
  const parts = [];
  for (const s of steps) {
    if (s.step === "roster") continue;
    const body = [];
    if (s.step === "fight") body.push(el("p", {}, el("b", {}, s.result_text), ` · ${t("kills")}: ${s.kills}`));
    if (s.step === "sacrifice") body.push(el("p", {}, s.chosen));
    if (s.events) body.push(events(s.events));
    parts.push(el("section", {}, el("h4", {}, s.title), body));
  }
  return el("details", { class: "recorded", open: true }, el("summary", {}, t("confirmed")), parts);
}

function render(view) {
  const names = Object.fromEntries(view.seats.map((s) => [s.gang_id, s.name]));
  const mine = view.seats.find((s) => s.gang_id === view.my_gang);
  roleLine(view.role, mine?.name);
  const status = $("fight-status");
  if (status) status.textContent = view.status_text;
  const node = $("aftermath");
  if (view.status === "playing" || view.status === "abandoned" || view.status === "undone") {
    fill(node);
    return;
  }
  const cards = [];
  for (const side of view.seats) {
    const after = view.aftermath[side.gang_id];
    const head = el("h2", {}, t("aftermath_of", { gang: names[side.gang_id] }),
      el("span", { class: `tag ${after.confirmed ? "ok" : ""}` }, after.confirmed ? t("confirmed") : t("waiting_owner")));
    const box = el("section", { class: "panel gang-after", "data-gang": side.gang_id }, head);
    if (!after.confirmed && after.steps.length) {
      if (!wizards.has(side.gang_id)) wizards.set(side.gang_id, { steps: after.steps, choices: after.choices, index: 0, busy: false });
      box.append(el("div", { class: "wizard" }));
    } else if (after.confirmed && after.steps.length) {
      box.append(summary(after.steps));
    }
    cards.push(box);
  }
  fill(node, cards);
  for (const gangId of wizards.keys()) renderWizard(gangId);
}

/** The fight page: its state (asked again until the fight is over), then the aftermath. */
export async function showFight() {
  for (let i = 0; i < POLLS; i += 1) {
    let view;
    try {
      view = await api("GET", fightPath());
    } catch (e) {
      toast(e.message);
      return;
    }
    render(view);
    if (view.status !== "playing") return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
