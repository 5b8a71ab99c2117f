// The server: JSON over HTTP with a seat's token, and one WebSocket per seat that reconnects.

/** Calls of the game's API for one token. */
export class Api {
  constructor(gameId, token, lang) {
    this.gameId = gameId;
    this.token = token;
    this.lang = lang;
  }

  async request(method, path, body) {
    const response = await fetch(`/api/games/${encodeURIComponent(this.gameId)}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = { error: response.statusText };
    }
    if (!response.ok) {
      const error = new Error(data?.error || response.statusText);
      error.status = response.status;
      throw error;
    }
    return data;
  }

  view() {
    return this.request("GET", `/view?lang=${this.lang}`);
  }

  act(action, version) {
    return this.request("POST", `/actions?version=${version}`, action);
  }

  preview(request) {
    return this.request("POST", `/preview?lang=${this.lang}`, request);
  }

  replay() {
    return this.request("GET", `/replay?lang=${this.lang}`);
  }
}

/** Close codes that mean "not for you": 4000 + the HTTP status, or a policy violation. */
const REFUSED_CODES = new Set([1008, 4401, 4403, 4404]);
/** Statuses of the API that mean the token or the game is refused (not a passing outage). */
const REFUSED_STATUS = new Set([401, 403, 404]);

/**
 * A WebSocket that delivers every payload to onPayload and reconnects after a loss.
 *
 * A socket the server refuses never opens, and the browser does not say why (the close
 * code is 1006, as when the server is away): then ``check`` (the seat's view over HTTP)
 * tells a refused token or game (401, 403, 404: no more tries, ``onRefused``) from an
 * outage (try again later). A close code meaning refused ends the tries as well.
 */
export class Channel {
  constructor(gameId, token, lang, { onPayload, onState, onRefused = () => {}, check = null }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/games/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}&lang=${lang}`;
    this.onPayload = onPayload;
    this.onState = onState;
    this.onRefused = onRefused;
    this.check = check;
    this.delay = 500;
    this.closed = false;
    this.refused = false;
    this.open();
  }

  open() {
    const socket = new WebSocket(this.url);
    let opened = false;
    this.socket = socket;
    socket.addEventListener("open", () => {
      opened = true;
      this.delay = 500;
      this.onState(true);
    });
    socket.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data && typeof data === "object" && !("type" in data)) this.onPayload(data);
    });
    socket.addEventListener("close", async (event) => {
      this.onState(false);
      if (this.closed) return;
      if (REFUSED_CODES.has(event.code)) return this.refuse();
      if (!opened && this.check) {
        try {
          this.onPayload(await this.check()); // the token is let in: only an outage
        } catch (error) {
          if (REFUSED_STATUS.has(error.status)) return this.refuse();
        }
      }
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    });
  }

  /** No more tries: the server will not let this token in. */
  refuse() {
    this.closed = true;
    this.refused = true;
    this.onRefused();
  }

  get connected() {
    return this.socket && this.socket.readyState === WebSocket.OPEN;
  }
}
