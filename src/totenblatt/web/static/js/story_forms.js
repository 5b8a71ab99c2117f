// The game master's tools (call a test, add a character, bring a stored sheet, the public link)
// and the page that starts a story. Every field carries data-keep: what was typed survives the
// page being drawn anew after a change (story.js keeps it in page.kept).

import { el, fill, t, toast } from "./util.js";
import { linkBox } from "./story_view.js";

const SHIFT_STEPS = [-3, -2, -1, 1, 2, 3];

/** A field's kept value, or its default. */
function kept(page, key, fallback) {
  return page.kept.has(key) ? page.kept.get(key) : fallback;
}

/** A form field that keeps its value; ``redraw``: draw the page anew when it changes. */
function field(page, tag, key, attrs = {}, children = [], { redraw = false, fallback = "" } = {}) {
  const node = el(tag, { ...attrs, "data-keep": key }, children);
  const value = kept(page, key, fallback);
  if (attrs.type === "checkbox") node.checked = Boolean(value);
  else node.value = String(value);
  if (redraw) {
    node.addEventListener("change", () => {
      page.kept.set(key, node.type === "checkbox" ? node.checked : node.value);
      page.render();
    });
  }
  return node;
}

function options(pairs) {
  return pairs.map(([value, label]) => el("option", { value }, label));
}

function labelled(text, control, cls = "") {
  return el("label", { class: `field ${cls}` }, el("span", {}, text), control);
}

/** A panel form headed ``t(title)``: ``send(form)`` answers its submit (the page stays). */
function panelForm(cls, title, send, ...children) {
  const submit = (event) => {
    event.preventDefault();
    return send(event.target);
  };
  return el("form", { class: `panel ${cls}`, onsubmit: submit }, el("h2", {}, t(title)), ...children);
}

function levelOptions(most = 12) {
  return options(Array.from({ length: most + 1 }, (_, n) => [String(n), `${n} — ${t(`difficulty_${n}`)}`]));
}

function callForm(p, page) {
  const ready = p.characters.filter((c) => !c.out);
  if (!ready.length) return null;
  const who = Number(kept(page, "call-who", ready.find((c) => !c.npc)?.character_id ?? ready[0].character_id));
  const me = ready.find((c) => c.character_id === who) || ready[0];
  const kind = kept(page, "call-kind", "difficulty");
  const grenade = Boolean(kept(page, "call-grenade", false));
  const rows = [];
  rows.push(labelled(t("who"), field(page, "select", "call-who", { name: "who" }, options(ready.map((c) => [String(c.character_id), c.npc ? `${c.name} (${t("npc")})` : c.name])), { redraw: true, fallback: String(me.character_id) })));
  // the sheet's skills first, then the story's list (the seed's skills and every sheet's)
  const named = [...new Set([...Object.keys(me.skills), ...(p.skills || [])])];
  const skills = el("datalist", { id: "skills-of-who" }, named.map((s) => el("option", { value: s })));
  rows.push(el("label", { class: "field check" }, field(page, "input", "call-grenade", { type: "checkbox", name: "grenade" }, [], { redraw: true, fallback: false }), el("span", {}, t("throws_grenade"))));
  if (grenade) rows.push(labelled(t("level"), field(page, "select", "call-grenade-level", { name: "grenade_level" }, options([["5", "5"], ["6", "6"]]), { fallback: "5" })));
  else rows.push(labelled(t("skill"), field(page, "input", "call-skill", { type: "text", list: "skills-of-who", name: "skill", maxlength: 80, autocomplete: "off" }, [], { fallback: Object.keys(me.skills)[0] || "" })), skills);
  const kinds = [["difficulty", t("kind_difficulty")], ["character", t("kind_character")]];
  if (!grenade) kinds.push(["grenade", t("kind_grenade")]);
  rows.push(labelled(t("against"), field(page, "select", "call-kind", { name: "kind" }, options(kinds), { redraw: true, fallback: "difficulty" })));
  const others = p.characters.filter((c) => c.character_id !== me.character_id && !c.out && !(me.npc && !c.npc));
  if (kind === "difficulty" && !grenade) {
    rows.push(labelled(t("difficulty"), field(page, "select", "call-difficulty", { name: "difficulty" }, levelOptions(), { fallback: "3" })));
  } else if (kind === "grenade" && !grenade) {
    rows.push(labelled(t("level"), field(page, "select", "call-against-grenade", { name: "against_grenade" }, options([["5", "5"], ["6", "6"]]), { fallback: "5" })));
  } else if (others.length) {
    rows.push(labelled(t("kind_character"), field(page, "select", "call-against", { name: "against" }, options(others.map((c) => [String(c.character_id), c.npc ? `${c.name} (${t("npc")})` : c.name])), { fallback: String(others[0].character_id) })));
    rows.push(labelled(t("skill"), field(page, "input", "call-against-skill", { type: "text", name: "against_skill", maxlength: 80 }, [], { fallback: "Beweglichkeit" })));
    rows.push(el("label", { class: "field check" }, field(page, "input", "call-unaware", { type: "checkbox", name: "unaware" }, [], { fallback: false }), el("span", {}, t("unaware"))));
  }
  page.shiftRows ||= [];
  const shiftRows = page.shiftRows.map((id) =>
    el(
      "div",
      { class: "row shift-row", "data-row": id },
      field(page, "select", `shift-side-${id}`, { "aria-label": t("side_player") }, options([["player", t("side_player")], ["opponent", t("side_opponent")]]), { fallback: "player" }),
      field(page, "select", `shift-by-${id}`, { "aria-label": t("level") }, options(SHIFT_STEPS.map((n) => [String(n), n > 0 ? `+${n}` : String(n)])), { fallback: "1" }),
      field(page, "input", `shift-reason-${id}`, { type: "text", maxlength: 120, placeholder: t("reason"), "aria-label": t("reason") }),
      el("button", { type: "button", class: "btn small", "aria-label": "×", onclick: () => { page.shiftRows = page.shiftRows.filter((x) => x !== id); page.render(); } }, "×"),
    ),
  );
  rows.push(el("fieldset", { class: "shifts" }, el("legend", {}, t("shifts")), shiftRows, el("button", { type: "button", class: "btn small add-shift", onclick: () => { page.shiftRows.push(Date.now()); page.render(); } }, t("add_shift"))));
  const fight = kind === "character" || grenade;
  const harmDefault = grenade ? ["opponent"] : fight ? ["player", "opponent"] : ["player"];
  const harm = el(
    "fieldset",
    { class: "harm" },
    el("legend", {}, t("harm")),
    el("label", { class: "field check" }, field(page, "input", `call-harm-player-${kind}-${grenade}`, { type: "checkbox" }, [], { fallback: harmDefault.includes("player") }), el("span", {}, t("side_player"))),
    fight ? el("label", { class: "field check" }, field(page, "input", `call-harm-opponent-${kind}-${grenade}`, { type: "checkbox" }, [], { fallback: harmDefault.includes("opponent") }), el("span", {}, t("side_opponent"))) : null,
  );
  rows.push(harm);
  const seen = [["public", t("visibility_public")], ["gm", t("visibility_gm")], ["blind", t("visibility_blind")]];
  rows.push(labelled(t("visibility"), field(page, "select", "call-visibility", { name: "visibility" }, options(seen), { fallback: "public" })));
  if (kind === "difficulty" && !grenade) rows.push(el("label", { class: "field check" }, field(page, "input", "call-secret", { type: "checkbox", name: "secret_difficulty" }, [], { fallback: false }), el("span", {}, t("secret_difficulty"))));
  const submit = el("button", { type: "submit", class: "btn primary call" }, t("call"));
  return panelForm(
    "call-test",
    "call_test",
    async (form) => {
      const value = (key) => form.querySelector(`[data-keep="${key}"]`)?.value;
      const checked = (key) => Boolean(form.querySelector(`[data-keep="${key}"]`)?.checked);
      const body = { character: Number(value("call-who")) };
      if (checked("call-grenade")) body.grenade = Number(value("call-grenade-level"));
      else body.skill = value("call-skill");
      const against = value("call-kind");
      if (against === "difficulty" && !body.grenade) body.difficulty = Number(value("call-difficulty"));
      else if (against === "grenade" && !body.grenade) body.against = { grenade: Number(value("call-against-grenade")) };
      else body.against = { character: Number(value("call-against")), skill: value("call-against-skill"), unaware: checked("call-unaware") };
      body.shifts = page.shiftRows.map((id) => ({ side: value(`shift-side-${id}`), by: Number(value(`shift-by-${id}`)), reason: value(`shift-reason-${id}`) }));
      const sides = ["player", "opponent"].filter((side) => checked(`call-harm-${side}-${kind}-${grenade}`));
      body.harm = sides;
      body.visibility = value("call-visibility") || "public";
      if (checked("call-secret")) body.secret_difficulty = true;
      // a skill the sheet lacks is never silently level 0: ask (D-39), or call nothing
      const lacks = (id, skill) => {
        const sheet = p.characters.find((c) => c.character_id === id);
        const known = Object.keys(sheet?.skills || {}).map((s) => s.toLowerCase());
        return sheet && sheet.skills && !known.includes(String(skill || "").trim().toLowerCase()) ? sheet : null;
      };
      const mine = body.skill !== undefined ? lacks(body.character, body.skill) : null;
      if (mine) {
        if (!window.confirm(t("ask_unaware", { name: mine.name, skill: body.skill }))) return;
        body.unaware = true;
      }
      const theirs = body.against?.character && !body.against.unaware ? lacks(body.against.character, body.against.skill) : null;
      if (theirs) {
        if (!window.confirm(t("ask_unaware", { name: theirs.name, skill: body.against.skill }))) return;
        body.against.unaware = true;
      }
      try {
        await page.act("POST", "/tests", body);
        page.shiftRows = [];
        page.render();
      } catch {
        /* the toast said why */
      }
    },
    rows,
    submit,
  );
}

function characterForm(p, page) {
  page.skillRows ||= [1, 2];
  const rows = page.skillRows.map((id) =>
    el(
      "div",
      { class: "row skill-row" },
      field(page, "input", `new-skill-${id}`, { type: "text", maxlength: 80, placeholder: t("skill"), "aria-label": t("skill") }),
      field(page, "select", `new-level-${id}`, { "aria-label": t("level") }, options(Array.from({ length: 7 }, (_, n) => [String(n), String(n)])), { fallback: "2" }),
    ),
  );
  return panelForm(
    "new-character",
    "add_character",
    async (form) => {
      const value = (key) => form.querySelector(`[data-keep="${key}"]`)?.value ?? "";
      const skills = {};
      for (const id of page.skillRows) {
        const name = value(`new-skill-${id}`).trim();
        if (name) skills[name] = Number(value(`new-level-${id}`));
      }
      const name = value("new-name");
      const npc = Boolean(form.querySelector('[data-keep="new-npc"]')?.checked);
      const sent = page.sentValues([...page.kept.keys()].filter((key) => key.startsWith("new-")));
      try {
        const answer = await page.act("POST", "/characters", { name, skills, npc });
        if (answer?.url) page.links.set(answer.character_id, answer.url);
        page.forgetSent(sent);
        page.skillRows = page.skillRows.filter((id) => id <= 2 || page.kept.has(`new-skill-${id}`));
        page.render();
      } catch {
        /* the toast said why */
      }
    },
    labelled(t("name"), field(page, "input", "new-name", { type: "text", maxlength: 80, required: true, autocomplete: "off" })),
    el("fieldset", { class: "skills" }, el("legend", {}, t("skills")), rows, el("button", { type: "button", class: "btn small", onclick: () => { page.skillRows.push(Date.now()); page.render(); } }, t("add_skill"))),
    el("label", { class: "field check" }, field(page, "input", "new-npc", { type: "checkbox" }, [], { fallback: false }), el("span", {}, t("is_npc"))),
    el("button", { type: "submit", class: "btn primary" }, t("create_character")),
  );
}

function bringForm(page) {
  return panelForm(
    "bring",
    "from_store",
    async (form) => {
      const input = form.querySelector('[data-keep="bring-name"]');
      const sent = page.sentValues(["bring-name"]);
      try {
        const answer = await page.act("POST", "/characters", { sheet: input.value }, { operator: true });
        if (answer?.url) page.links.set(answer.character_id, answer.url);
        page.forgetSent(sent);
        page.render();
      } catch {
        /* the toast said why */
      }
    },
    el("div", { class: "row" }, field(page, "input", "bring-name", { type: "text", maxlength: 80, placeholder: t("stored_name"), "aria-label": t("stored_name") }), el("button", { type: "submit", class: "btn" }, t("bring"))),
  );
}

function uploadForm(page) {
  const file = el("input", { type: "file", accept: "application/json,.json", id: "upload-sheet", "aria-label": t("upload_sheet") });
  return panelForm(
    "upload",
    "upload_sheet",
    async () => {
      if (!file.files.length) return;
      try {
        const upload = JSON.parse(await file.files[0].text());
        const answer = await page.act("POST", "/characters", { upload });
        if (answer?.url) page.links.set(answer.character_id, answer.url);
        page.render();
      } catch (error) {
        if (error instanceof SyntaxError) toast(error.message);
      }
    },
    el("div", { class: "row" }, file, el("button", { type: "submit", class: "btn" }, t("upload"))),
  );
}

/** The game master's tools; nothing for players and onlookers. */
export function renderTools(root, p, page) {
  if (p.viewer.role !== "gm") return fill(root);
  const open = p.tests.some((x) => x.status === "drawing");
  const publicUrl = `${location.origin}/stories/${encodeURIComponent(p.story_id)}`;
  fill(root, open ? null : callForm(p, page), characterForm(p, page), bringForm(page), uploadForm(page), el("div", { class: "panel" }, linkBox(t("public_link"), publicUrl)));
}

/** /stories: start a story and show its game master's link. */
export function renderCreate(main, lang) {
  const name = el("input", { type: "text", maxlength: 120, required: true, autocomplete: "off", name: "name" });
  const language = el("select", { name: "lang" }, options([["de", "Deutsch"], ["en", "English"]]));
  language.value = lang;
  const cards = el("select", { name: "cards" }, options([["drawn", t("cards_drawn")], ["table", t("cards_table")]]));
  const result = el("div", { class: "created" });
  const form = panelForm(
    "create",
    "new_story",
    async () => {
      const response = await fetch("/api/stories", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: name.value, lang: language.value, cards: cards.value }),
      });
      const data = await response.json().catch(() => ({ error: response.statusText }));
      if (!response.ok) return toast(data.error || response.statusText);
      fill(
        result,
        el("p", {}, t("created")),
        linkBox(t("gm_link"), data.url),
        linkBox(t("public_link"), data.public_url),
        el("a", { class: "btn primary", href: `${new URL(data.url).pathname}?lang=${language.value}${new URL(data.url).hash}` }, t("open_gm")),
      );
    },
    labelled(t("story_name"), name),
    labelled(t("language"), language),
    labelled(t("cards_mode"), cards),
    el("button", { type: "submit", class: "btn primary" }, t("create_story")),
  );
  fill(main, form, result);
}
