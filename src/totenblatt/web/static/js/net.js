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

/** A WebSocket that delivers every payload to onPayload and reconnects after a loss. */
export class Channel {
  constructor(gameId, token, lang, { onPayload, onState }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/games/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}&lang=${lang}`;
    this.onPayload = onPayload;
    this.onState = onState;
    this.delay = 500;
    this.closed = false;
    this.open();
  }

  open() {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
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
    socket.addEventListener("close", (event) => {
      this.onState(false);
      if (this.closed || event.code === 4403 || event.code === 4404) return;
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    });
  }

  get connected() {
    return this.socket && this.socket.readyState === WebSocket.OPEN;
  }
}
