// The sheets of a game: conceding (a campaign fight's sacrifice first), the end with its
// replay; a sheet itself and the keys' help are sheet.js's, the hot-seat's pass-the-device
// sheet is hotseat.js's. The end's summary
// (end.js), the replay (replay.js) and a campaign fight's sacrifice (sacrifice.js) are loaded
// when first asked for: a game in play never needs them, so its page does not fetch them.

import { button, el, t, toast } from "../util.js";
import { passDevice } from "./hotseat.js";
import { board, night } from "./parts.js";
import { render } from "./redraw.js";
import { closeOverlay, sheet } from "./sheet.js";
import { actChoice } from "./sockets.js";
import { apis, boot, choicesOf, lang, page, spectator, state, view } from "./state.js";

/** The sheet view ``v`` calls for: pass the device (hot-seat), or the end once. */
export function renderOverlay(v) {
  if (passDevice(v)) return;
  if (v.is_over && !state.endShown) {
    state.endShown = true;
    showEnd(v);
  }
}

/**
 * The end: beside the final position (the last shot drawn on it, render.js), the result, each
 * figure's damage and who took whom out, the replay (from the end backwards), the rematch (it
 * leads to the new game as soon as the server made it), a new game.
 */
export async function showEnd(v) {
  const { endSummary } = await import("./end.js");
  const made = night.endButtons(v);
  const join = made.find((node) => node.dataset.rematch === "join");
  const asks = made.some((node) => node.dataset.rematch === "ask"); // a spectator cannot
  const downloads = made.filter((node) => !node.dataset.rematch);
  const rematch = join || (asks ? rematchButton() : null);
  sheet(
    el("h2", {}, t("game_over")),
    el("p", { class: "result" }, v.result || ""),
    endSummary(v),
    el("div", { class: "buttons" },
      button(t("replay"), () => { closeOverlay(); startReplay(); }, "btn primary", { id: "replay" }),
      rematch,
      el("a", { class: "btn", href: `/?lang=${lang}` }, t("new_game")),
      button(t("close"), closeOverlay, "btn", { id: "end-close" })),
    downloads.length ? el("div", { class: "buttons secondary" }, ...downloads) : null,
  );
  page.overlay.className = "end";
  page.overlay.querySelector(".sheet").setAttribute("aria-label", t("game_over"));
  leadBack();
}

/** A campaign fight's end leads back to its fight page (every seat and the spectator). */
async function leadBack() {
  const api = apis.get(state.shown) || apis.values().next().value;
  if (!api) return;
  const { campaignFightLink } = await import("../sacrifice.js");
  const link = await campaignFightLink(api, lang);
  const buttons = page.overlay.querySelector(".sheet .buttons");
  if (link && buttons && !buttons.querySelector("#fight-page")) buttons.prepend(link);
}

/** The rematch asked for: the button says so at once, and the new game opens once made. */
function rematchButton() {
  const node = button(t("rematch"), async () => {
    node.disabled = true;
    node.setAttribute("aria-busy", "true");
    node.textContent = `${t("rematch")} …`;
    try {
      await night.openRematch(); // the one way to a rematch (the game night's button too)
    } catch (e) {
      node.disabled = false;
      node.removeAttribute("aria-busy");
      node.textContent = t("rematch");
      toast(e.message);
    }
  }, "btn", { dataset: { rematch: "ask" }, id: "rematch" });
  return node;
}

/** Ask before conceding (a campaign fight asks whom to sacrifice instead). */
export async function confirmConcede() {
  const choice = choicesOf("concede")[0];
  if (!choice) return;
  const { campaignConcede } = await import("../sacrifice.js");
  if (await campaignConcede(apis.get(state.shown), { sheet, closeOverlay, button })) return;
  sheet(
    el("h2", {}, t("concede_sure")),
    el("div", { class: "buttons" },
      button(t("yes"), () => { closeOverlay(); actChoice(choice); }, "btn danger"),
      button(t("no"), closeOverlay, "btn primary")),
  );
}

/** Run the replay of the finished game on the board; the view (and the end) come back after. */
export async function startReplay() {
  try {
    const { Replay } = await import("../replay.js");
    const v = view();
    const context = { labels: v.labels, seat: spectator ? null : v.seat, table: boot.table };
    state.replay = new Replay(board, apis.get(state.shown), page, () => {
      state.replay = null;
      render();
      if (view().is_over) showEnd(view()); // the end again: its rematch, a new game
    }, context);
    await state.replay.start();
  } catch (e) {
    state.replay = null;
    toast(e.message);
    render();
  }
}
