// The lobby: create a game (scenario, ruleset, hands, seats, language, hot-seat), list games.

import { el, readJson, t, toast, fill } from "./util.js";

const boot = readJson("boot");
const createNode = document.getElementById("create");
const gamesNode = document.getElementById("games");

function select(name, options, value) {
  return el(
    "select",
    { name, id: `f-${name}` },
    options.map(([v, label]) => el("option", { value: v, selected: v === value }, label)),
  );
}

function field(label, control, extra) {
  return el("div", { class: "field" }, el("label", { for: control.id }, label), control, extra);
}

function kindLabel(kind) {
  return t(`kind_${kind}`);
}

function buildForm() {
  const scenario = select("scenario", boot.scenarios.map((s) => [s.name, s.title]), "duel");
  const description = el("span", { class: "desc" });
  const ruleset = select("ruleset", boot.rulesets.map((r) => [r, r]), "base");
  const handMode = select(
    "hand_mode",
    [
      ["per_player", t("hand_mode_per_player")],
      ["per_character", t("hand_mode_per_character")],
    ],
    "per_player",
  );
  const language = select("lang", [["en", "English"], ["de", "Deutsch"]], boot.lang);
  const seatsNode = el("div", { class: "seat-kinds" });
  const hotseat = el("input", { type: "checkbox", id: "f-hotseat", name: "hotseat" });
  const result = el("div", { class: "invites" });

  function seatsFor() {
    const info = boot.scenarios.find((s) => s.name === scenario.value);
    description.textContent = info.description;
    // a scenario whose figures have abilities or hero types plays only on a ruleset with them
    const playable = info.rulesets || boot.rulesets;
    for (const option of ruleset.options) option.disabled = !playable.includes(option.value);
    if (!playable.includes(ruleset.value)) ruleset.value = playable[0];
    fill(seatsNode, 
      ...Array.from({ length: info.seats }, (_, i) =>
        el(
          "label",
          { class: "field" },
          t("seat_label", { n: i + 1 }),
          select(`seat-${i}`, boot.kinds.map((k) => [k, kindLabel(k)]), i === 0 ? "human" : "bot"),
        ),
      ),
    );
  }
  scenario.addEventListener("change", seatsFor);
  seatsFor();

  async function create(event) {
    event.preventDefault();
    const kinds = [...seatsNode.querySelectorAll("select")].map((s) => s.value);
    const body = { scenario: scenario.value, ruleset: ruleset.value, seats: kinds, lang: language.value, hand_mode: handMode.value };
    const response = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) return toast(data.error || response.statusText);
    const humans = data.seats.filter((s) => s.kind === "human");
    if (humans.length === 0) {
      location.href = data.spectator_url;
      return;
    }
    if (humans.length === 1 || hotseat.checked) {
      const query = humans.map((s) => `token=${encodeURIComponent(s.token)}`).join("&");
      location.href = `/games/${encodeURIComponent(data.game_id)}?${query}&lang=${language.value}`;
      return;
    }
    fill(result, 
      el("p", {}, el("b", {}, t("created")), " ", t("invites")),
      el(
        "ul",
        {},
        humans.map((s) =>
          el("li", {}, el("a", { href: s.url, target: "_blank", rel: "noopener" }, t("open_seat", { n: s.seat + 1 })), " — ", el("code", {}, s.url)),
        ),
        el("li", {}, el("a", { href: data.spectator_url }, t("spectator_link")), " — ", el("code", {}, data.spectator_url)),
      ),
    );
    loadGames();
  }

  fill(createNode, 
    el("h2", {}, t("create_game")),
    el(
      "form",
      { onsubmit: create },
      field(t("scenario"), scenario, description),
      field(t("ruleset"), ruleset),
      field(t("hand_mode"), handMode),
      el("div", { class: "field" }, el("label", {}, t("seats")), seatsNode),
      field(t("language"), language),
      el("label", { class: "check" }, hotseat, t("hotseat")),
      el("button", { class: "btn primary", type: "submit", id: "create-game" }, t("create")),
    ),
    result,
  );
}

/** A game's state in the list: over; open (human seats whose invite link never connected); running. */
function statusText(g) {
  if (g.status === "over") return g.status_text;
  if (g.status === "open") {
    const humans = g.seats.filter((kind) => kind === "human").length;
    return `${g.status_text} · ${t("waiting_seats", { n: g.waiting, total: humans })}`;
  }
  return `${g.status_text} · ${t("round_open", { round: g.round })}`;
}

async function loadGames() {
  let data;
  try {
    const response = await fetch(`/api/games?lang=${boot.lang}`, { cache: "no-store" });
    data = await response.json();
  } catch {
    return;
  }
  const rows = data.games.map((g) =>
    el(
      "tr",
      { "data-game": g.game_id, "data-status": g.status },
      el("td", {}, g.title),
      el("td", {}, g.seats.map(kindLabel).join(", ")),
      el("td", { class: `status status-${g.status}` }, statusText(g)),
      el("td", {}, el("a", { href: `${g.spectator_url}&lang=${boot.lang}` }, t("watch"))),
    ),
  );
  fill(gamesNode, 
    el("h2", {}, t("games")),
    rows.length ? el("table", { class: "games" }, el("tbody", {}, rows)) : el("p", { class: "hint" }, t("no_games")),
  );
}

buildForm();
loadGames();
setInterval(loadGames, 5000);
