// The table's sockets, one per seat of this page: the views coming in (what just happened is
// shown, the hot-seat follows the turn), the connection's state, the server refusing a token;
// and the one way an action leaves the page.

import { reducedMotion } from "../board.js";
import { movedPaths, newEvents } from "../motion.js";
import { Channel } from "../net.js";
import { button, el, t, toast } from "../util.js";
import { followTurn } from "./hotseat.js";
import { closeOverlay, sheet } from "./sheet.js";
import { board, sounds } from "./parts.js";
import { render } from "./redraw.js";
import { apis, boot, channels, lang, page, state, view } from "./state.js";
import { renderTools } from "./tools.js";

/** A view of ``seat`` came (a newer one than the page has): keep it, show what happened. */
function receive(seat, payload) {
  const before = state.views.get(seat);
  if (before && (before.serial ?? before.version) > (payload.serial ?? payload.version)) return; // a takeback lowers the version
  state.views.set(seat, payload);
  if (seat === state.shown) showHappenings(payload, newEvents(before, payload));
  if (before && before.version !== payload.version && seat === state.shown) {
    state.mode = null;
    state.nudge = null;
    state.error = null;
    state.handsOpen.clear();
  }
  followTurn();
  render();
}

/** What just happened, shown: moves slide (the next drawing), shots flash, sounds if on. */
function showHappenings(v, events) {
  if (!events.length) return;
  const paths = movedPaths(events);
  if (paths.size) state.motion = paths;
  const at = (name) => v.figures.find((f) => f.name === name)?.position;
  for (const e of events) {
    if (e.type === "attack_declared") {
      const from = at(e.attacker);
      const to = at(e.target);
      if (from && to) setTimeout(() => board.flash(from, to), paths.size && !reducedMotion() ? 400 : 0);
      sounds.play("shot");
    } else if (e.type === "figures_moved") sounds.play("move");
    else if (e.type === "wounded") sounds.play("hit");
    else if (e.type === "bid_placed" || e.type === "defence_played") sounds.play("card");
  }
  if (v.to_act === v.seat && !v.is_over) sounds.play("turn");
}

/** A socket opened or closed: the page is online while every one of its sockets is. */
function setOnline(open) {
  state.online = open && [...channels.values()].every((c) => c.connected);
  renderTools();
}

/** The server's store is away (an action waits to be sent again) or back. */
function setBusy(waiting) {
  if (state.storeBusy === waiting) return;
  state.storeBusy = waiting;
  renderTools();
}

/**
 * A socket was refused (a bad token, a game that is gone): say so, and stop trying. Nothing
 * can be played here any more: the decision says so in place of its buttons, and the hand,
 * the figures and the keys no longer act.
 */
function refuse() {
  if (state.refused) return;
  state.refused = true;
  state.mode = null;
  state.selected = null;
  state.error = null;
  page.bar.classList.add("refused");
  document.body.classList.add("refused");
  render();
  renderTools();
  sheet(
    el("h2", {}, t("connection_refused")),
    el("p", { id: "refused" }, t("connection_refused_hint")),
    el("div", { class: "buttons" },
      button(t("reload"), () => location.reload(), "btn primary"),
      el("a", { class: "btn", href: `/?lang=${lang}` }, t("lobby")),
      button(t("close"), closeOverlay)),
  );
}

/**
 * The one way an action leaves the page: over the shown seat's socket, at the version it was
 * chosen in (the server refuses it if the game moved on). One at a time; a refusal is shown.
 */
export async function send(action) {
  if (state.busy || !action) return;
  const v = view();
  state.busy = true;
  state.error = null;
  try {
    await channels.get(state.shown).act(action, v.version);
    state.mode = null;
    state.nudge = null;
    state.selected = null;
  } catch (e) {
    state.error = e.message;
    toast(e.message);
  } finally {
    state.busy = false;
    render();
  }
}

/** Play one of the view's choices (its legal action). */
export function actChoice(choice) {
  send(view().legal_actions[choice.index]);
}

/** Open a socket for each seat of this page (a spectator's link too). */
export function openSockets() {
  for (const entry of boot.tokens) {
    channels.set(
      entry.seat,
      new Channel(boot.game_id, entry.token, lang, {
        handlers: { view: (payload) => receive(entry.seat, payload) },
        onState: (open) => setOnline(open),
        onRefused: () => refuse(),
        onBusy: (waiting) => setBusy(waiting),
        check: () => apis.get(entry.seat).view(),
        lost: t("connection_lost"),
      }),
    );
  }
}
