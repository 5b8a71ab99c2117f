// Conceding a campaign fight (B4): the table asks whom to sacrifice, offering only the members
// the rules allow (the server says which, from the game as it stands), then concedes with that
// choice. A game that is not a campaign fight concedes as ever (this answers false).

import { apiRequest } from "./api_request.js";
import { el, toast } from "./util.js";

/** The campaign game's API: ``{status, data}`` (an answer's status is 200 when it worked). */
async function call(api, method, path, body) {
  const url = `/api/campaign-games/${encodeURIComponent(api.gameId)}${path}`;
  try {
    return { status: 200, data: await apiRequest(method, url, body, api) };
  } catch (error) {
    return { status: error.status, data: { error: error.message } };
  }
}

/**
 * In a campaign fight, show the sacrifice sheet and answer true; otherwise answer false.
 * ``ui`` is the table's {sheet, closeOverlay, button}.
 */
export async function campaignConcede(api, ui) {
  const { status, data } = await call(api, "GET", "/sacrifice");
  if (status === 404) return false;
  if (status !== 200) {
    toast(data?.error || String(status));
    return true;
  }
  const pick = async (member) => {
    ui.closeOverlay();
    const answer = await call(api, "POST", "/concede", { sacrifice: member });
    if (answer.status !== 200) toast(answer.data?.error || String(answer.status));
  };
  ui.sheet(
    el("h2", {}, data.texts.title),
    el("p", {}, data.texts.prompt),
    el("div", { class: "buttons sacrifice" },
      data.candidates.map((c) => ui.button(
        `${c.member} (${c.kind_name}, ${c.hp} HP)${c.member === data.default ? ` — ${data.texts.default}` : ""}`,
        () => pick(c.member),
        c.member === data.default ? "btn danger" : "btn",
        { "data-sacrifice": c.member },
      ))),
    el("div", { class: "buttons" }, ui.button(data.texts.cancel, ui.closeOverlay, "btn primary")),
  );
  return true;
}

/**
 * A campaign fight's way back: a link to its fight page (where the owner's link opens the
 * wizard), or null when the game is no campaign fight or the server cannot say.
 */
export async function campaignFightLink(api, lang) {
  const { status, data } = await call(api, "GET", `/fight?lang=${encodeURIComponent(lang)}`);
  if (status !== 200 || !data.url) return null;
  return el("a", { class: "btn primary", id: "fight-page", href: data.url }, data.text);
}
