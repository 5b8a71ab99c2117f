// The header: the round and the piles (or the refusal in their place), and the tools: the
// language, the lobby and the menu (the spectator link, the keys, the rules, sounds, the whole
// table, and what other parts of the page add).

import { renderStatus } from "../panels.js";
import { button, copyLink, el, fill, t } from "../util.js";
import { showKeys } from "./sheet.js";
import { board, sounds } from "./parts.js";
import { boot, lang, page, state, view } from "./state.js";

/**
 * Round, dealer, initiative and piles; once the server refuses this page, the refusal in
 * their place: they would show a moment that no longer changes, and they crowded the title.
 */
export function renderHeader(v) {
  if (!state.refused) return renderStatus(page.status, v, page.menuStatus);
  fill(page.status,
    el("span", { class: "pill refused", role: "alert", title: t("connection_refused_hint") }, t("connection_refused")));
}

/** Copy the spectator's link. */
async function copySpectatorLink(e) {
  const link = new URL(boot.spectator_url, location.href).href;
  await copyLink(link, t("spectator_link"));
  e?.target?.blur?.();
}

/** Open or close the header's menu. */
export function openMenu(open) {
  page.menu.hidden = !open;
  document.getElementById("menu-button")?.setAttribute("aria-expanded", String(open));
}

/**
 * The header's tools: on a wide screen the language and the lobby, and the menu (☰) with the
 * rest (the spectator link, the keys, the rules, sounds, the whole table); on a narrow one only
 * the menu, which then holds everything, the piles and the dealer too (table.css). Others may
 * add entries to the menu: ``window.totenblatt.menu``.
 */
export function renderTools() {
  const v = view();
  const url = new URL(location.href);
  const other = lang === "de" ? "en" : "de";
  url.searchParams.set("lang", other);
  const language = () => el("a", { href: url.pathname + url.search + url.hash, hreflang: other, title: other === "de" ? "Deutsch" : "English" },
    el("span", { class: "long" }, other === "de" ? "Deutsch" : "English"), el("span", { class: "short" }, other.toUpperCase()));
  const lobby = () => el("a", { href: `/?lang=${lang}` }, t("lobby"));
  fill(page.tools,
    state.refused || state.online ? null : el("span", { class: "pill", title: t("connection_lost") }, t("connection_lost")),
    state.storeBusy ? el("span", { class: "pill busy", id: "store-busy", role: "status" }, t("server_busy")) : null,
    language(),
    lobby(),
    button("☰", () => openMenu(page.menu.hidden), "btn-menu", {
      id: "menu-button", "aria-haspopup": "true", "aria-controls": "menu", "aria-expanded": String(!page.menu.hidden), title: t("menu"), "aria-label": t("menu"),
    }),
  );
  const item = (label, onclick, extra = {}) => button(label, () => { openMenu(false); onclick(); }, "", extra);
  fill(page.menu,
    page.menuStatus,
    state.refused || state.online ? null : el("span", { class: "narrow-only pill" }, t("connection_lost")),
    item(t("spectator_link"), () => copySpectatorLink(), { id: "spectator-link" }),
    item(t("help"), showKeys, { id: "keys-help" }),
    el("a", { href: `/rules?lang=${lang}&ruleset=${encodeURIComponent(v?.ruleset || "base")}`, target: "_blank", rel: "noopener", id: "rules-link" }, t("rules")),
    item(sounds.on ? t("sounds_on") : t("sounds_off"), () => { sounds.toggle(); renderTools(); }, { id: "sounds", "aria-pressed": String(sounds.on) }),
    item(t("zoom_fit"), () => board.resetView()),
    ...menuExtras.map((make) => make()),
    el("a", { href: url.pathname + url.search + url.hash, hreflang: other, class: "narrow-only" }, other === "de" ? "Deutsch" : "English"),
    el("a", { href: `/?lang=${lang}`, class: "narrow-only" }, t("lobby")),
  );
  return v;
}

/** Entries other parts of the page add to the menu (functions that make an element). */
const menuExtras = [];

/** Add an entry to the header's menu: ``make()`` returns its element (a button, a link). */
export function addMenuEntry(make) {
  menuExtras.push(make);
  renderTools();
}
