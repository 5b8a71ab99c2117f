// The lobby: create a game (scenario, ruleset, hands, seats and names, language, hot-seat),
// list games, and "your games": the seats this browser holds (mine.js), to rejoin. Every invite
// link has a copy button and a QR code (SVG made by the server, POST /api/qr).

import { forgetSeat, heldSeats, holdSeat, turnsOf } from "./mine.js";
import { copyLink, el, fill, gameHref, readJson, t, timeLeft, toast, withLang } from "./util.js";

const boot = readJson("boot");
const createNode = document.getElementById("create");
const gamesNode = document.getElementById("games");
const mineNode = document.getElementById("mine");
const SVG_TYPE = "image/svg+xml";

/** Copy ``link`` (a toast says so; without a clipboard, a prompt to copy it by hand). */
function copy(link) {
  return copyLink(link, t("copy_link"));
}

/** The QR code of ``link`` as an SVG element (from the server: segno), or null. */
async function qrOf(link, who) {
  const response = await fetch("/api/qr", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text: link }),
  });
  if (!response.ok) return null;
  const doc = new DOMParser().parseFromString(await response.text(), SVG_TYPE);
  const root = doc.documentElement;
  if (root.nodeName !== "svg") return null;
  const node = document.importNode(root, true);
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", t("qr_of", { who }));
  node.classList.add("qr");
  return node;
}

/** Copy and QR buttons for an invite ``link``; the QR code opens below them. */
function linkTools(link, who) {
  const holder = el("div", { class: "qr-holder" });
  const qrButton = el("button", { class: "btn small", type: "button", "aria-expanded": "false", dataset: { qr: who } }, t("qr_code"));
  qrButton.addEventListener("click", async () => {
    if (holder.firstChild) {
      fill(holder);
      qrButton.setAttribute("aria-expanded", "false");
      return;
    }
    const code = await qrOf(link, who);
    if (code) fill(holder, code);
    qrButton.setAttribute("aria-expanded", "true");
  });
  return el(
    "span",
    { class: "link-tools" },
    el("button", { class: "btn small", type: "button", onclick: () => copy(link), dataset: { copy: who } }, t("copy_link")),
    qrButton,
    holder,
  );
}

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

/** A number field of hours (its label above it). */
function hoursField(id, label, value) {
  const input = el("input", { type: "number", id, name: id, min: "0.0167", max: "720", step: "any", value: String(value), inputmode: "decimal" });
  return { input, node: field(label, input) };
}

/** The clock of a game that lasts days: none (it plays now), hours per decision, or a Fischer
 * bank with hours added per decision; beside it the rule of a flag fall (the server's words).
 * ``rule()`` is the ``"clock"`` of POST /api/games (null: none). */
function clockChoice() {
  const kind = select("clock", [
    ["none", t("clock_none")],
    ["per_decision", t("clock_per_decision")],
    ["bank", t("clock_bank")],
  ], "none");
  const perDecision = hoursField("f-clock-hours", t("clock_hours"), 24);
  const bank = hoursField("f-clock-bank", t("clock_bank_hours"), 72);
  const increment = hoursField("f-clock-increment", t("clock_increment_hours"), 12);
  const hours = el("div", { class: "clock-hours" }, perDecision.node, bank.node, increment.node);
  const [, perOption, bankOption] = kind.options;
  const show = () => {
    // the options name the hours chosen: "per decision: 24 hours", "Fischer bank: 72 hours + …"
    const shown = (input) => (Number.isFinite(input.valueAsNumber) ? input.valueAsNumber.toLocaleString(boot.lang) : "N");
    perOption.textContent = t("clock_per_decision", { hours: shown(perDecision.input) });
    bankOption.textContent = t("clock_bank", { bank: shown(bank.input), increment: shown(increment.input) });
    perDecision.node.hidden = kind.value !== "per_decision";
    bank.node.hidden = increment.node.hidden = kind.value !== "bank";
    hours.hidden = kind.value === "none";
  };
  kind.addEventListener("change", show);
  for (const input of [perDecision.input, bank.input, increment.input]) input.addEventListener("input", show);
  show();
  const number = (input) => (Number.isFinite(input.valueAsNumber) ? input.valueAsNumber : input.value);
  const rule = () => {
    if (kind.value === "per_decision") return { per_decision_hours: number(perDecision.input) };
    if (kind.value === "bank") return { bank_hours: number(bank.input), increment_hours: number(increment.input) };
    return null;
  };
  const node = el("fieldset", { class: "clock", id: "clock" },
    field(t("clock"), kind),
    hours,
    el("p", { class: "hint flag-rule", id: "flag-rule" }, t("flag_rule")));
  return { node, rule };
}

function buildForm() {
  const scenario = select("scenario", boot.scenarios.map((s) => [s.name, s.title]), "duel");
  const description = el("span", { class: "desc" });
  // a built-in ruleset by its name in the page's language; another by its own name
  const rulesetName = (r) => (t(`ruleset_${r}`) === `ruleset_${r}` ? r : t(`ruleset_${r}`));
  const ruleset = select("ruleset", boot.rulesets.map((r) => [r, rulesetName(r)]), "base");
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
  const gameName = el("input", { type: "text", id: "f-name", name: "name", maxlength: 40, autocomplete: "off" });
  const clock = clockChoice();

  function seatsFor() {
    const info = boot.scenarios.find((s) => s.name === scenario.value);
    description.textContent = info.description;
    // a scenario whose figures have abilities or hero types plays only on a ruleset with them
    const playable = info.rulesets || boot.rulesets;
    for (const option of ruleset.options) option.disabled = !playable.includes(option.value);
    if (!playable.includes(ruleset.value)) ruleset.value = playable[0];
    fill(seatsNode, 
      ...Array.from({ length: info.seats }, (_, i) => {
        // the server's learned bot plays the one scenario its policy was trained for
        const kinds = boot.kinds.filter((k) => k !== "learned" || boot.learned === info.name);
        const kind = select(`seat-${i}`, kinds.map((k) => [k, kindLabel(k)]), i === 0 ? "human" : "bot");
        const name = el("input", {
          type: "text", id: `f-player-${i}`, name: `player-${i}`, maxlength: 40, autocomplete: "nickname",
          placeholder: t("player_name"), "aria-label": `${t("seat_label", { n: i + 1 })}: ${t("player_name")}`,
        });
        const sync = () => {
          name.disabled = kind.value !== "human";
          if (name.disabled) name.value = "";
        };
        kind.addEventListener("change", sync);
        sync();
        return el("div", { class: "field seat-field" }, el("label", { for: kind.id }, t("seat_label", { n: i + 1 })), kind, name);
      }),
    );
  }
  scenario.addEventListener("change", seatsFor);
  seatsFor();

  async function create(event) {
    event.preventDefault();
    const kinds = [...seatsNode.querySelectorAll("select")].map((s) => s.value);
    const body = { scenario: scenario.value, ruleset: ruleset.value, seats: kinds, lang: language.value, hand_mode: handMode.value };
    const players = [...seatsNode.querySelectorAll("input[type=text]")].map((n) => n.value.trim() || null);
    if (gameName.value.trim()) body.name = gameName.value.trim();
    if (players.some((p) => p)) body.players = players;
    const rule = clock.rule();
    if (rule) body.clock = rule;
    const response = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) return toast(data.error || response.statusText);
    const humans = data.seats.filter((s) => s.kind === "human");
    const title = boot.scenarios.find((s) => s.name === scenario.value)?.title || scenario.value;
    for (const s of humans) {
      holdSeat({ game_id: data.game_id, seat: s.seat, token: s.token, title, name: body.name || null, player: players[s.seat] || null, lang: language.value });
    }
    if (humans.length === 0) {
      location.href = withLang(data.spectator_url, language.value);
      return;
    }
    if (humans.length === 1 || hotseat.checked) {
      location.href = gameHref(data.game_id, humans.map((s) => s.token), { lang: language.value });
      return;
    }
    fill(result,
      el("p", {}, el("b", {}, t("created")), " ", t("invites")),
      el(
        "ul",
        {},
        humans.map((s) => {
          const who = players[s.seat] || t("seat_label", { n: s.seat + 1 });
          return el("li", { dataset: { seat: s.seat } },
            el("a", { href: s.url, target: "_blank", rel: "noopener" }, t("open_seat", { n: s.seat + 1 })),
            players[s.seat] ? ` (${players[s.seat]})` : "", " — ", el("code", {}, s.url), linkTools(s.url, who));
        }),
        el("li", { dataset: { seat: "spectator" } }, el("a", { href: data.spectator_url }, t("spectator_link")), " — ",
          el("code", {}, data.spectator_url), linkTools(data.spectator_url, t("spectator_link"))),
      ),
    );
    loadGames();
    loadTurns(); // the new seats' turns at once
  }

  fill(createNode, 
    el("h2", {}, t("create_game")),
    el(
      "form",
      { onsubmit: create },
      field(t("game_name"), gameName),
      field(t("scenario"), scenario, description),
      field(t("ruleset"), ruleset),
      field(t("hand_mode"), handMode),
      el("div", { class: "field" }, el("label", {}, t("seats")), seatsNode),
      field(t("language"), language),
      clock.node,
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
      el("td", {}, g.name ? el("b", { class: "game-name" }, g.name) : null, g.name ? el("br") : null, g.title),
      el("td", {}, g.seats.map((kind, i) => seatText(g, kind, i)).join(", ")),
      el("td", { class: `status status-${g.status}` }, statusText(g)),
      el("td", {}, el("a", { href: withLang(g.spectator_url, boot.lang) }, t("watch"))),
    ),
  );
  fill(gamesNode,
    el("h2", {}, t("games")),
    rows.length ? el("table", { class: "games" }, el("tbody", {}, rows)) : el("p", { class: "hint" }, t("no_games")),
  );
  renderMine(new Map(data.games.map((g) => [g.game_id, g])));
}

/** A seat in the list: its player's name when it has one (the server's ``players``), else its kind. */
function seatText(game, kind, index) {
  const player = Array.isArray(game.players) ? game.players[index] : null;
  return player ? `${player} (${kindLabel(kind)})` : kindLabel(kind);
}

let turns = new Map(); // "game_id token" -> the server's answer of POST /api/games/turns
let lobbyGames = new Map(); // game_id -> the lobby's list entry (the newest games only)
const TURN_ORDER = { yours: 0, theirs: 1, unknown: 2, ended: 3 };

/** A held seat's turn: "yours", "theirs" (another seat acts), "ended" or "unknown", and its words. */
function turnOf(seat) {
  const turn = turns.get(`${seat.game_id} ${seat.token}`);
  if (!turn) return { key: "unknown", text: null };
  if (turn.unknown) return { key: "unknown", text: t("turn_unknown") };
  if (turn.ended) return { key: "ended", text: t("turn_ended") };
  const left = turn.clock && turn.your_turn ? clockLeft(turn.clock.remaining_s[turn.seat]) : "";
  if (turn.your_turn) return { key: "yours", text: t("turn_yours") + left };
  return { key: "theirs", text: turn.to_act ? t("turn_of", { name: turn.to_act }) : null };
}

/** " · 23 h 5 min left" of a clock's seconds. */
function clockLeft(seconds) {
  if (typeof seconds !== "number") return "";
  return ` · ${t("clock_left", { time: timeLeft(seconds) })}`;
}

/** Ask the server whose turn it is in the held seats' games, then show it (cheap: one request,
 * only while the page is seen). */
async function loadTurns() {
  if (document.hidden) return;
  const held = heldSeats();
  if (!held.length) return;
  const found = await turnsOf(held, boot.lang);
  if (!found) return;
  turns = found;
  renderMine(lobbyGames);
}

/** "Your games": the seats this browser holds, with the lobby's facts of their games and whose
 * turn it is in each (your turn first). */
function renderMine(games) {
  lobbyGames = games;
  const held = heldSeats()
    .map((s, i) => ({ s, i, turn: turnOf(s) }))
    .sort((a, b) => TURN_ORDER[a.turn.key] - TURN_ORDER[b.turn.key] || a.i - b.i);
  mineNode.hidden = held.length === 0;
  if (!held.length) return fill(mineNode);
  const rows = held.map(({ s, turn }) => {
    const g = games.get(s.game_id);
    const url = gameHref(s.game_id, [s.token], { lang: boot.lang });
    const name = g?.name || s.name;
    const player = (Array.isArray(g?.players) ? g.players[s.seat] : null) || s.player;
    const seat = t("seat_n", { n: s.seat + 1 }) + (player ? ` — ${player}` : "");
    return el(
      "tr",
      { dataset: { game: s.game_id, seat: s.seat } },
      el("td", {}, name ? el("b", { class: "game-name" }, name) : null, name ? el("br") : null, g?.title || s.title || s.game_id),
      el("td", {}, seat),
      el("td", { class: g ? `status status-${g.status}` : "status" },
        turn.text ? el("span", { class: `turn turn-${turn.key}`, dataset: { turn: turn.key } }, turn.text) : null,
        turn.text && g && turn.key !== "ended" ? el("br") : null,
        g && turn.key !== "ended" ? statusText(g) : turn.text ? null : "—"),
      el("td", { class: "actions" },
        el("a", { class: "btn small primary", href: url, dataset: { rejoin: s.game_id } }, t("rejoin")),
        linkTools(new URL(url, location.href).href, seat),
        el("button", { class: "btn small", type: "button", onclick: () => { forgetSeat(s.game_id, s.token); renderMine(games); } }, t("forget"))),
    );
  });
  fill(mineNode,
    el("h2", {}, t("your_games")),
    el("p", { class: "hint" }, t("your_games_hint")),
    el("table", { class: "games mine" }, el("tbody", {}, rows)),
  );
}

buildForm();
loadGames();
loadTurns();
setInterval(loadGames, 5000);
setInterval(loadTurns, 15000);
document.addEventListener("visibilitychange", loadTurns); // back to the lobby's tab: ask now
window.addEventListener("pageshow", (event) => event.persisted && loadTurns()); // back from a table
