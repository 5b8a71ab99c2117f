// The server: one WebSocket per seat for everything live (views in, actions out), and JSON
// over HTTP with the seat's token for the questions the page asks (view, previews, replay).

import { apiRequest } from "./api_request.js";
import { messageObject } from "./util.js";

/** Questions of the game's API for one token (the page acts through its Channel only). */
export class Api {
  constructor(gameId, token, lang) {
    this.gameId = gameId;
    this.token = token;
    this.lang = lang;
  }

  request(method, path, body) {
    const url = `/api/games/${encodeURIComponent(this.gameId)}${path}`;
    return apiRequest(method, url, body, { token: this.token, lang: this.lang });
  }

  view() {
    return this.request("GET", "/view");
  }

  preview(request) {
    return this.request("POST", "/preview", request);
  }

  replay() {
    return this.request("GET", "/replay");
  }
}

/** Close codes that mean "not for you": 4000 + the HTTP status, or a policy violation. */
const REFUSED_CODES = new Set([1008, 4401, 4403, 4404]);
/** Statuses of the API that mean the token or the game is refused (not a passing outage). */
const REFUSED_STATUS = new Set([401, 403, 404]);
/** The server's answers to this socket's own messages, in the order they were sent. */
const ANSWERS = new Set(["result", "error", "pong"]);
/** How long an action waits for a lost socket to come back before it is given up (ms). */
const OPEN_WAIT = 10_000;
/** How long an action is sent again while the server's store is away (503), at most (ms). */
const BUSY_WAIT = 120_000;

/**
 * The type of a message from the server: its ``type``; a message without one is a view (the
 * server sends views untyped today, ``{"type": "view", ...}`` is read the same).
 */
export function messageType(data) {
  return typeof data.type === "string" ? data.type : "view";
}

/**
 * One seat's WebSocket: every message goes through one dispatch (``handlers`` by type: a
 * ``view`` handler gets the view without its ``type``), actions go out by ``act``, and it
 * reconnects after a loss.
 *
 * A socket the server refuses never opens, and the browser does not say why (the close
 * code is 1006, as when the server is away): then ``check`` (the seat's view over HTTP)
 * tells a refused token or game (401, 403, 404: no more tries, ``onRefused``) from an
 * outage (try again later). A close code meaning refused ends the tries as well.
 */
export class Channel {
  constructor(gameId, token, lang, { handlers, onState, onRefused = () => {}, onBusy = () => {}, check = null, lost = "" }) {
    // the one URL with a token in its query: a browser cannot set a header on a WebSocket
    // (never shown nor linked; the server's access log masks token=)
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/games/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}&lang=${lang}&tail=1`;
    this.handlers = handlers;
    this.onState = onState;
    this.onRefused = onRefused;
    this.onBusy = onBusy; // (true) the store is away and the action waits, (false) it is over
    this.check = check;
    this.lost = lost; // the words of a lost connection, for an action it ends
    this.delay = 500;
    this.closed = false;
    this.refused = false;
    this.pending = []; // {resolve, reject} of each message sent and not answered yet
    this.waiting = new Set(); // callbacks of actions waiting for the socket to open
    this.open();
  }

  open() {
    const socket = new WebSocket(this.url);
    let opened = false;
    this.socket = socket;
    this.last = null; // the newest whole view of this socket (its tails follow it)
    socket.addEventListener("open", () => {
      opened = true;
      this.delay = 500;
      this.onState(true);
      for (const wake of [...this.waiting]) wake();
    });
    socket.addEventListener("message", (event) => {
      const data = messageObject(event);
      if (data) this.dispatch(data);
    });
    socket.addEventListener("close", async (event) => {
      this.onState(false);
      this.drop(new Error(this.lost || "connection lost"));
      if (this.closed) return;
      if (REFUSED_CODES.has(event.code)) return this.refuse();
      if (!opened && this.check) {
        try {
          this.dispatch(await this.check()); // the token is let in: only an outage
        } catch (error) {
          if (REFUSED_STATUS.has(error.status)) return this.refuse();
        }
      }
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    });
  }

  /** Every message from the server, by its type: answers settle what was sent, others go to
   * their handler (a type the page does not know is left alone). */
  dispatch(data) {
    const type = messageType(data);
    if (ANSWERS.has(type)) return this.answer(data);
    const handler = this.handlers[type];
    if (!handler) return;
    if (type === "view") {
      const { type: _, ...view } = data;
      handler(this.whole(view));
    } else handler(data);
  }

  /** A view whole again: a socket's view carries only the events and log lines after those
   * of the one before (``events_from``, ``log_from``: where they go; a view over HTTP is
   * whole already). */
  whole(view) {
    const { events_from: events, log_from: log, ...rest } = view;
    if (events !== undefined) rest.events = [...(this.last?.events ?? []).slice(0, events), ...rest.events];
    if (log !== undefined) rest.log = [...(this.last?.log ?? []).slice(0, log), ...rest.log];
    this.last = rest;
    return rest;
  }

  /** The server answers a socket's messages one by one, in order: this is the oldest's. */
  answer(data) {
    const waiting = this.pending.shift();
    if (!waiting) return;
    if (data.type !== "error") return waiting.resolve(data);
    const error = new Error(data.error || "error");
    error.status = data.status;
    error.retryAfter = data.retry_after;
    waiting.reject(error);
  }

  /** The socket is gone: nothing sent on it will be answered. */
  drop(error) {
    for (const waiting of this.pending.splice(0)) waiting.reject(error);
  }

  /**
   * Play ``action`` at ``version`` (the view it was chosen in): the server's answer
   * (``{"type": "result", "events"}``), or an Error with its ``status`` when refused. A lost
   * socket is waited for a while (it reconnects by itself); a refused one fails at once.
   * While the server's store is away (503) the same action at the same version is sent
   * again after its ``retry_after`` (the version makes it idempotent: stored once at most).
   */
  async act(action, version) {
    const until = Date.now() + BUSY_WAIT;
    try {
      for (;;) {
        await this.ready();
        try {
          return await new Promise((resolve, reject) => {
            this.pending.push({ resolve, reject });
            this.socket.send(JSON.stringify({ type: "action", action, version }));
          });
        } catch (error) {
          if (error.status !== 503 || Date.now() > until) throw error;
          this.onBusy(true);
          await new Promise((wake) => setTimeout(wake, 1000 * Math.min(Math.max(error.retryAfter || 2, 1), 10)));
        }
      }
    } finally {
      this.onBusy(false);
    }
  }

  /** Resolves once the socket is open; rejects when refused or after OPEN_WAIT. */
  ready() {
    if (this.connected) return Promise.resolve();
    if (this.refused) return Promise.reject(new Error(this.lost || "connection lost"));
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        if (this.connected) resolve();
        else reject(new Error(this.lost || "connection lost"));
      };
      const timer = setTimeout(done, OPEN_WAIT);
      this.waiting.add(done);
    });
  }

  /** No more tries: the server will not let this token in. */
  refuse() {
    this.closed = true;
    this.refused = true;
    for (const wake of [...this.waiting]) wake();
    this.onRefused();
  }

  get connected() {
    return !!this.socket && this.socket.readyState === WebSocket.OPEN;
  }
}
