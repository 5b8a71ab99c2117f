// Shared pieces of the campaign pages: the API with the page's token, buttons, links to copy,
// sheets over the page. The token is in the address's fragment (#token=…): it never goes to
// the server with a page, only with the API's requests (Authorization: Bearer).

import { apiRequest } from "./api_request.js";
import { button, el, fill, readJson, t } from "./util.js";

export const boot = readJson("boot");
export const token = new URLSearchParams(location.hash.slice(1)).get("token");
const $ = (id) => document.getElementById(id);

/** A request of the campaign API with this page's token; the answer's JSON (or an Error). */
export function api(method, path, body, { operator = false } = {}) {
  return apiRequest(method, path, body, { token, lang: boot.lang, operator });
}

/** The site's button (util.js), for the campaign pages that import it from here. */
export { button };

/** A link to copy (a token's link is shown once: the page says so). */
export function linkBox(label, url, id) {
  const input = el("input", { type: "text", readonly: true, value: url, id, class: "link" });
  const copy = button(t("copy"), async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(url);
      copy.textContent = t("copied");
    } catch {
      document.execCommand?.("copy");
    }
  }, "btn small");
  return el("div", { class: "linkbox" }, el("label", { for: id }, label), el("div", { class: "row" }, input, copy));
}

export function sheet(...children) {
  const overlay = $("overlay");
  fill(overlay, el("div", { class: "sheet", role: "dialog", "aria-modal": "true" }, ...children));
  overlay.hidden = false;
}

export function closeSheet() {
  $("overlay").hidden = true;
  fill($("overlay"));
}

/** Ask before something that cannot be undone. */
export function confirmFirst(question, then) {
  sheet(
    el("h2", {}, question),
    el("p", {}, t("sure")),
    el("div", { class: "buttons" },
      button(t("yes"), () => { closeSheet(); then(); }, "btn danger", { id: "sure-yes" }),
      button(t("no"), closeSheet, "btn primary")),
  );
}

export function field(label, control) {
  return el("label", { class: "field" }, el("span", {}, label), control);
}

export function input(name, attrs = {}) {
  return el("input", { name, id: `f-${name}`, ...attrs });
}

export function select(name, options, value) {
  return el("select", { name, id: `f-${name}` },
    options.map(([v, label]) => el("option", { value: v, selected: v === value }, label)));
}

/** The line saying who this page's token is: the arbitrator, an owner, or the public. */
export function roleLine(role, gangName) {
  const node = $("role");
  if (!node) return;
  node.textContent = role === "admin" ? t("role_admin")
    : role === "owner" ? t("role_owner", { gang: gangName || "" })
    : t("role_public");
  node.className = `role ${role}`;
}
