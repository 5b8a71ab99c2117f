// "Your turn" where a player looks when the table is not in front: the page's title and its
// icon (a red dot) while this seat has a decision, and a browser notification when the tab is
// in the background and the player allowed notifications (issue 42).
import { t } from "./util.js";

const plainTitle = document.title;
const icon = document.querySelector('link[rel="icon"]');
const plainIcon = icon?.getAttribute("href");
const DOT =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">' +
      '<circle cx="8" cy="8" r="7" fill="#c0392b" stroke="#fff" stroke-width="1.5"/></svg>',
  );
let notified = null; // the version last notified

/** Mark (or unmark) the page: ``mine`` — this seat has a decision at ``version``. */
export function markTurn(mine, version) {
  const title = mine ? `● ${t("your_decision")} · ${plainTitle}` : plainTitle;
  if (document.title !== title) document.title = title;
  if (icon && plainIcon) {
    const href = mine ? DOT : plainIcon;
    if (icon.getAttribute("href") !== href) icon.setAttribute("href", href);
  }
  if (!mine || notified === version || !document.hidden) return;
  notified = version;
  try {
    if (window.Notification?.permission === "granted") {
      new Notification(plainTitle, { body: t("your_decision"), tag: "totenblatt-turn" });
    }
  } catch {
    // a browser without notifications in this context: the title and the icon say it
  }
}
