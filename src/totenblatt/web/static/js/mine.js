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

/** Whose turn it is in the games of ``seats`` (POST /api/games/turns: only what each seat's own
 * view shows): a Map "game_id token" -> {your_turn, to_act, ended, clock, seat} or {unknown};
 * null when the server cannot be asked now. */
export async function turnsOf(seats, lang) {
  const asked = seats.slice(0, MOST).map((s) => ({ game_id: s.game_id, token: s.token }));
  try {
    const response = await fetch(`/api/games/turns?lang=${encodeURIComponent(lang)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(asked),
      cache: "no-store",
    });
    if (!response.ok) return null;
    const data = await response.json();
    return new Map(data.turns.map((turn, i) => [`${asked[i].game_id} ${asked[i].token}`, turn]));
  } catch {
    return null;
  }
}
