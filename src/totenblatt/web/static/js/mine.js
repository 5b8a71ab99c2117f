// "Your games": the seats whose tokens this browser holds, kept in this browser only
// (localStorage; the server keeps no list of them). The lobby lists them to rejoin; the table
// page and the lobby's "create" add to them.

const KEY = "totenblatt.seats";
const MOST = 60; // the newest seats kept

/** Every seat held: [{game_id, seat, token, title, name, at}], newest first. */
export function heldSeats() {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(raw) ? raw.filter((s) => s && typeof s.game_id === "string" && typeof s.token === "string") : [];
  } catch {
    return [];
  }
}

function save(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, MOST)));
  } catch {
    // storage full or forbidden: the seats are not remembered
  }
}

/** Remember a seat (the same game and token once: the newest facts win). */
export function holdSeat(entry) {
  const list = heldSeats().filter((s) => !(s.game_id === entry.game_id && s.token === entry.token));
  list.unshift({ at: new Date().toISOString(), ...entry });
  save(list);
}

/** Forget one seat. */
export function forgetSeat(gameId, token) {
  save(heldSeats().filter((s) => !(s.game_id === gameId && s.token === token)));
}
