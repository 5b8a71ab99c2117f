// Hot-seat: several seats playing on one device. The page shows the seat whose turn it is,
// its hand covered until its player takes the device (the pass-the-device sheet).

import { button, el, t } from "../util.js";
import { closeOverlay, sheet } from "./sheet.js";
import { render } from "./redraw.js";
import { boot, page, seats, state, view } from "./state.js";

/** A new view came: in hot-seat, show the seat whose turn it is now (its hand covered). */
export function followTurn() {
  if (!boot.hotseat) return;
  const next = seats.find((s) => s !== null && state.views.get(s)?.to_act === s);
  if (next !== undefined && next !== state.shown && state.views.has(next)) {
    state.shown = next;
    state.revealed = false;
    state.mode = null;
    state.selected = null;
  }
}

/** Whether the shown seat's hand waits for its player to take the device (never once the
 * game is over: the end shows, the hand itself stays covered). */
export function covered() {
  return boot.hotseat && !state.revealed && !view()?.is_over;
}

/** The hand's title: whose hand in hot-seat, else "your hand". */
export function handTitle(v) {
  return boot.hotseat ? t("hand_of", { name: v.labels[v.seat] }) : t("your_hand");
}

/** The pass-the-device sheet while the hand is covered (true: it is shown). */
export function passDevice(v) {
  if (!covered()) return false;
  const name = v.labels[state.shown];
  page.overlay.className = "opaque";
  sheet(
    el("h2", {}, t("pass_device", { name })),
    el("p", {}, t("pass_device_hint", { name })),
    button(t("show_hand", { name }), () => { state.revealed = true; closeOverlay(); render(); }, "btn primary", { id: "show-hand" }),
  );
  return true;
}
