// The campaign pages: what the arbitrator's or an owner's token allows, on top of the page
// the server drew for everyone. The token is in the address's fragment (#token=…): it never
// goes to the server with a page, only with the API's requests (Authorization: Bearer).

import { el, fill, t, toast } from "./util.js";
import { showFight } from "./campaign_wizard.js";
import {
  api, boot, button, closeSheet, confirmFirst, field, input, linkBox, roleLine, select, sheet, token,
} from "./campaign_ui.js";

const $ = (id) => document.getElementById(id);

/** Internal links keep the token (they lead to pages of the same campaign). */
function keepToken() {
  if (!token) return;
  for (const a of document.querySelectorAll("a[data-keep]")) {
    const url = new URL(a.getAttribute("href"), location.href);
    url.hash = `token=${token}`;
    a.setAttribute("href", url.pathname + url.search + url.hash);
  }
}

function showRole(view) {
  const mine = view.gangs?.find((g) => g.gang_id === view.gang_id);
  roleLine(view.role, mine?.name);
}

// -- /campaigns: a new campaign --------------------------------------------------------

function indexPage() {
  const name = input("name", { required: true, maxlength: 80, autocomplete: "off" });
  const language = select("lang", [["en", "English"], ["de", "Deutsch"]], boot.lang);
  const result = el("div", { class: "invites", id: "created" });
  const form = el("form", { class: "form", id: "new-campaign" },
    el("h2", {}, t("new_campaign")),
    field(t("campaign_name"), name),
    field(t("language"), language),
    el("button", { class: "btn primary", type: "submit", id: "create-campaign" }, t("create_campaign")),
    result);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await api("POST", "/api/campaigns", { name: name.value, lang: language.value });
      const adminPath = new URL(made.url).pathname + new URL(made.url).hash;
      fill(result,
        linkBox(t("admin_link"), made.url, "admin-link"),
        linkBox(t("public_link"), made.public_url, "public-link"),
        el("a", { class: "btn primary", href: adminPath, id: "open-campaign" }, t("open_campaign")));
    } catch (e) {
      toast(e.message);
    }
  });
  fill($("create"), form);
}

// -- /campaigns/{cid}: the arbitrator's forms ----------------------------------------------

function newGangForm(view) {
  const name = input("gang-name", { required: true, maxlength: 80, autocomplete: "off" });
  const leader = select("leader", Object.entries(boot.kinds), "veteran");
  const size = input("size", { type: "number", min: 1, max: 10, value: 5, inputmode: "numeric" });
  const seed = input("seed", { type: "number", min: 0, inputmode: "numeric" });
  const leaderName = input("leader-name", { maxlength: 80 });
  const members = el("textarea", { name: "members", id: "f-members", rows: 3 });
  const out = el("div", { class: "invites" });
  // B2, D-41: the leader's abilities chosen among the number cards' (2-10), the rest drawn
  const picks = el("fieldset", { class: "abilities", id: "leader-abilities" });
  const pickList = () => [...picks.querySelectorAll("select")];
  const showPicks = () => {
    const count = (boot.hero_abilities || {})[leader.value] ?? 0;
    const before = pickList().map((p) => p.value);
    const rows = [];
    for (let n = 0; n < count; n += 1) {
      const options = [el("option", { value: "" }, t("ability_drawn"))].concat((boot.abilities || []).map((o) =>
        el("option", { value: o.ability, selected: before[n] === o.ability }, `${o.name} (${o.cards.join(", ")})`)));
      rows.push(field(`${n + 1}.`, el("select", { name: `ability-${n}`, id: `f-ability-${n}` }, options)));
    }
    fill(picks, el("legend", {}, t("abilities_pick", { n: count })), rows);
  };
  leader.addEventListener("change", showPicks);
  showPicks();
  const form = el("form", { class: "form", id: "new-gang" },
    field(t("gang_name"), name), field(t("leader"), leader), picks, field(t("size"), size),
    field(t("seed"), seed), field(t("leader_name"), leaderName), field(t("member_names"), members),
    el("button", { class: "btn primary", type: "submit", id: "create-gang" }, t("create_gang")), out);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const abilities = pickList().map((p) => p.value).filter(Boolean);
    if (new Set(abilities).size !== abilities.length) { toast(t("abilities_distinct")); return; }
    const body = { name: name.value, leader: leader.value, size: Number(size.value) };
    if (abilities.length) body.abilities = abilities;
    if (seed.value !== "") body.seed = Number(seed.value);
    if (leaderName.value.trim()) body.leader_name = leaderName.value.trim();
    const names = members.value.split("\n").map((s) => s.trim()).filter(Boolean);
    if (names.length) body.members = names;
    await addGang(body, out, name.value);
  });
  return form;
}

async function addGang(body, out, label) {
  try {
    const made = await api("POST", `/api/campaigns/${boot.campaign_id}/gangs`, body, { operator: "import" in body });
    fill(out,
      linkBox(t("owner_link", { gang: label }), made.url, `owner-link-${made.gang_id}`),
      button(t("close"), () => location.reload(), "btn", { id: "reload" }));
  } catch (e) {
    toast(e.message);
  }
}

function importForms() {
  const stored = input("stored", { maxlength: 80 });
  const out1 = el("div", { class: "invites" });
  const bring = el("form", { class: "form", id: "bring-in" },
    field(t("stored_name"), stored),
    el("button", { class: "btn", type: "submit" }, t("bring_in")), out1);
  bring.addEventListener("submit", (event) => {
    event.preventDefault();
    addGang({ import: stored.value }, out1, stored.value);
  });
  const file = el("input", { type: "file", accept: "application/json,.json", id: "f-roster" });
  const out2 = el("div", { class: "invites" });
  const newName = input("import-name", { maxlength: 80, placeholder: t("import_name") });
  const json = el("form", { class: "form", id: "import-json" },
    file, field(t("import_name"), newName),
    el("button", { class: "btn", type: "submit" }, t("import")), out2);
  json.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!file.files.length) return;
    try {
      const upload = JSON.parse(await file.files[0].text());
      const body = { upload };
      if (newName.value.trim()) body.name = newName.value.trim(); // a name the campaign has: import as another
      addGang(body, out2, body.name || upload.name || "");
    } catch (e) {
      toast(e.message);
    }
  });
  return [bring, json];
}

function newFightForm(view) {
  const free = view.gangs.filter((g) => !g.busy && g.members.length);
  const rows = free.map((g) => {
    const pick = el("input", { type: "checkbox", name: "gang", value: g.gang_id, id: `pick-${g.gang_id}` });
    const kind = select(`seat-${g.gang_id}`, [["human", t("seat_human")], ["bot", t("seat_bot")], ["hard", t("seat_hard")]], "human");
    const members = el("div", { class: "members" },
      g.members.map((m) => el("label", { class: "check" },
        el("input", { type: "checkbox", checked: true, name: `in-${g.gang_id}`, value: m.name }), m.name)));
    return { g, pick, kind, members,
      node: el("fieldset", { class: "fight-gang" },
        el("legend", {}, el("label", { class: "check" }, pick, g.name)),
        field(t("who_plays"), kind),
        el("details", {}, el("summary", {}, t("takes_part")), members)) };
  });
  const scenario = select("scenario", boot.scenarios.map((s) => [s.name, s.title]), "gangs");
  const out = el("div", { class: "invites" });
  const form = el("form", { class: "form", id: "new-fight" },
    el("p", { class: "hint" }, t("pick_gangs")),
    rows.map((r) => r.node), field(t("scenario"), scenario),
    el("button", { class: "btn primary", type: "submit", id: "start-fight" }, t("start_fight")), out);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = rows.filter((r) => r.pick.checked);
    const body = {
      gangs: chosen.map((r) => r.g.gang_id),
      seats: chosen.map((r) => r.kind.value),
      scenario: scenario.value,
      absent: Object.fromEntries(chosen.map((r) => [r.g.gang_id,
        [...r.members.querySelectorAll("input")].filter((i) => !i.checked).map((i) => i.value)])),
    };
    try {
      const made = await api("POST", `/api/campaigns/${boot.campaign_id}/fights`, body);
      const names = Object.fromEntries(view.gangs.map((g) => [g.gang_id, g.name]));
      fill(out,
        el("p", {}, t("invites")),
        made.seats.filter((s) => s.url).map((s) => linkBox(t("play_seat", { gang: names[s.gang_id] }), s.url, `seat-link-${s.seat}`)),
        el("p", { class: "links" },
          el("a", { class: "btn", href: made.spectator_url, id: "watch-fight" }, t("watch")),
          el("a", { class: "btn", href: `${new URL(made.url).pathname}#token=${token}`, id: "open-fight" }, t("open_fight"))));
    } catch (e) {
      toast(e.message);
    }
  });
  return form;
}

/** The campaign's view for this page's token, its role shown; null (said) when it fails. */
async function campaignView() {
  let view;
  try {
    view = await api("GET", `/api/campaigns/${boot.campaign_id}`);
  } catch (e) {
    toast(e.message);
    return null;
  }
  showRole(view);
  return view;
}

async function campaignPage() {
  const view = await campaignView();
  if (!view) return;
  if (view.gang_id) {
    document.querySelector(`.gang-card[data-gang="${CSS.escape(view.gang_id)}"]`)?.classList.add("mine");
  }
  if (view.role !== "admin") return;
  const admin = $("admin");
  const free = view.gangs.filter((g) => !g.busy && g.members.length).length;
  const [bring, json] = importForms();
  const fold = (title, body, open, id) =>
    el("details", { class: "fold", open: open, id }, el("summary", {}, title), body);
  fill(admin,
    fold(t("new_fight"), newFightForm(view), free >= 2, "fold-fight"),
    fold(t("new_gang"), newGangForm(view), view.gangs.length < 2, "fold-gang"),
    fold(t("import_stored"), bring, false, "fold-bring"),
    fold(t("import_json"), json, false, "fold-json"));
  admin.hidden = false;
}

// -- /campaigns/{cid}/gangs/{gid}: the owner's controls ------------------------------------------

async function rosterPage() {
  const view = await campaignView();
  if (!view) return;
  const gang = view.gangs.find((g) => g.gang_id === boot.gang_id);
  if (!gang || !(view.role === "admin" || view.gang_id === boot.gang_id)) return;
  const panel = $("owner");
  const change = async (body) => {
    try {
      await api("POST", `/api/campaigns/${boot.campaign_id}/gangs/${boot.gang_id}/changes`, body);
      location.reload();
    } catch (e) {
      toast(e.message);
    }
  };
  const exportLink = el("a", { class: "btn", id: "export", download: `${gang.name}.json`, href: "#" }, t("export_json"));
  exportLink.addEventListener("click", async (event) => {
    event.preventDefault();
    try {
      const data = await api("GET", `/api/campaigns/${boot.campaign_id}/gangs/${boot.gang_id}/export`);
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
      const a = el("a", { href: URL.createObjectURL(blob), download: `${gang.name}.json` });
      document.body.append(a);
      a.click();
      a.remove();
    } catch (e) {
      toast(e.message);
    }
  });
  const tools = [button(t("print"), () => window.print(), "btn", { id: "print" }), exportLink];
  if (gang.busy) {
    fill(panel, el("p", { class: "hint" }, t("busy_gang")), el("div", { class: "buttons" }, tools));
    panel.hidden = false;
    return;
  }
  const newName = input("new-gang-name", { maxlength: 80, value: gang.name });
  const rename = el("form", { class: "form inline", id: "rename-gang" },
    field(t("rename_gang"), newName), el("button", { class: "btn", type: "submit" }, t("rename")));
  rename.addEventListener("submit", (event) => {
    event.preventDefault();
    change({ action: "rename", name: newName.value });
  });
  fill(panel,
    el("div", { class: "buttons" }, tools,
      button(t("undo_fight"), () => confirmFirst(t("undo_fight"), () => change({ action: "undo" })), "btn danger", { id: "undo" })),
    rename);
  panel.hidden = false;
  // per member: rename, re-arm, dismiss — beside its row
  for (const row of document.querySelectorAll("tr.member")) {
    const member = row.dataset.member;
    const weapon = select(`weapon-${member}`, Object.entries(boot.weapons), gang.members.find((m) => m.name === member)?.weapon);
    weapon.setAttribute("aria-label", t("arm"));
    weapon.addEventListener("change", () => change({ action: "arm", member, weapon: weapon.value }));
    const cell = el("td", { class: "controls" },
      weapon,
      button(t("rename"), () => {
        const name = input("member-name", { maxlength: 80, value: member });
        sheet(el("h2", {}, `${t("rename")}: ${member}`), field(t("new_name"), name),
          el("div", { class: "buttons" },
            button(t("rename"), () => { closeSheet(); change({ action: "rename_member", member, name: name.value }); }, "btn primary", { id: "rename-yes" }),
            button(t("cancel"), closeSheet)));
        name.focus();
      }, "btn small"),
      button(t("dismiss"), () => confirmFirst(`${t("dismiss")}: ${member}. ${t("dismiss_cost")}`, () => change({ action: "dismiss", member })), "btn small danger"));
    row.append(cell);
  }
  document.querySelector("table.roster thead tr")?.append(el("th", { class: "controls" }, ""));
}

// -- start ----------------------------------------------------------------------------------

keepToken();
for (const a of document.querySelectorAll("a.lang")) {
  a.addEventListener("click", () => { if (token) a.href = a.getAttribute("href") + `#token=${token}`; });
}
if (boot.page === "index") indexPage();
else if (boot.page === "campaign") campaignPage();
else if (boot.page === "roster") rosterPage();
else if (boot.page === "fight") showFight();
else if (boot.page === "sheets") $("print")?.addEventListener("click", () => window.print());
