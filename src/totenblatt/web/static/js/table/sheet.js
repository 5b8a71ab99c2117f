// A sheet over the page, closing it, and the keys' help (a sheet of its own). Beneath the
// modules that show sheets (overlays.js, hotseat.js, sockets.js, tools.js, keys.js), so none of
// them imports another for it.

import { button, el, fill, t } from "../util.js";
import { page } from "./state.js";

/** Show a sheet over the page with ``children``. */
export function sheet(...children) {
  fill(page.overlay, el("div", { class: "sheet", role: "dialog" }, ...children));
  page.overlay.hidden = false;
}

/** Close the sheet over the page. */
export function closeOverlay() {
  page.overlay.hidden = true;
  page.overlay.className = "";
  fill(page.overlay);
}

/** The keys' help. */
export function showKeys() {
  sheet(el("h2", {}, t("help")), el("p", {}, t("keys_all")), button(t("close"), closeOverlay, "btn primary"));
}
