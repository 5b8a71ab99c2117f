// The RPG table: a story's page for its game master, a player or an onlooker, and the page that
// starts a story. The server sends each viewer its own payload (over a WebSocket after every
// change); the page draws it and sends the viewer's steps as JSON over HTTP. The page decides
// no rule: who may draw, spend a joker or stop is the payload's "can".

import { apiRequest } from "./api_request.js";
import { el, fill, messageObject, readJson, t, toast } from "./util.js";
import { renderLog, renderSheets, renderTest } from "./story_view.js";
import { renderCreate, renderTools } from "./story_forms.js";

const BOOT = readJson("boot") || {};
const LANG = BOOT.lang || "en";
// The token lives in the fragment (#token=…): it never goes to the server with the page.
const TOKEN = new URLSearchParams(location.hash.slice(1)).get("token") || "";

/** The story's API for this page's token. */
export class StoryApi {
  constructor(storyId) {
    this.base = `/api/stories/${encodeURIComponent(storyId)}`;
  }

  request(method, path, body, { operator = false } = {}) {
    return apiRequest(method, `${this.base}${path}`, body, { token: TOKEN, lang: LANG, operator });
  }
}

/** The page of one story: its payload, drawn anew after every change. */
class StoryPage {
  constructor(boot) {
    this.storyId = boot.story_id;
    this.api = new StoryApi(this.storyId);
    this.payload = boot.payload;
    this.connected = false;
    this.busy = false;
    this.delay = 500;
    this.refused = false;
    this.kept = new Map(); // what was typed in a field (data-keep), across redraws
    this.opened = new Set(); // which <details data-keep-open> are open
    this.links = new Map(); // player links made in this page (character id -> url)
    const remember = (event) => {
      const key = event.target?.dataset?.keep;
      if (key) this.kept.set(key, event.target.type === "checkbox" ? event.target.checked : event.target.value);
    };
    document.addEventListener("input", remember);
    document.addEventListener("change", remember);
    document.addEventListener(
      "toggle",
      (event) => {
        const key = event.target?.dataset?.keepOpen;
        if (key) event.target.open ? this.opened.add(key) : this.opened.delete(key);
      },
      true,
    );
    this.render();
    if (TOKEN) this.refresh().catch(() => {}); // the page came as an onlooker's: now the viewer's own
    this.connect();
  }

  /** Send one step to the server; the new payload follows (socket, or asked for here). */
  async act(method, path, body, { quiet = false, operator = false } = {}) {
    if (this.busy) return null;
    this.busy = true;
    document.body.classList.add("busy");
    try {
      const answer = await this.api.request(method, path, body, { operator });
      try {
        await this.refresh(); // the socket may be late (or held by another server process)
      } catch {
        /* the change is made; the socket brings the view when it is back */
      }
      return answer;
    } catch (error) {
      if (!quiet) toast(error.message);
      throw error;
    } finally {
      this.busy = false;
      document.body.classList.remove("busy");
    }
  }

  /** What the fields named by ``keys`` hold now: pass it to ``forgetSent`` once it is sent. */
  sentValues(keys) {
    return new Map(keys.filter((key) => this.kept.has(key)).map((key) => [key, this.kept.get(key)]));
  }

  /** Empty the fields that still hold what was sent; what was typed since then stays. */
  forgetSent(sent) {
    for (const [key, value] of sent) if (this.kept.get(key) === value) this.kept.delete(key);
  }

  async refresh() {
    this.show(await this.api.request("GET", ""));
  }

  show(payload) {
    if (this.payload && payload.version < this.payload.version) return;
    this.payload = payload;
    this.render();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = `token=${encodeURIComponent(TOKEN)}&lang=${LANG}`;
    const socket = new WebSocket(`${scheme}://${location.host}/ws/stories/${encodeURIComponent(this.storyId)}?${query}`);
    socket.addEventListener("open", () => {
      this.connected = true;
      this.delay = 500;
      this.status();
    });
    socket.addEventListener("message", (event) => {
      const data = messageObject(event);
      if (data && data.type === "story") {
        const { type: _, ...payload } = data;
        this.show(payload);
      }
    });
    socket.addEventListener("close", (event) => {
      this.connected = false;
      if (event.code === 4403 || event.code === 4404 || event.code === 1008) {
        this.refused = true;
        this.status();
        return;
      }
      this.status();
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    });
  }

  status() {
    const viewer = this.payload.viewer;
    const me = this.payload.characters.find((c) => c.character_id === viewer.character_id);
    const role =
      viewer.role === "gm" ? t("role_gm") : viewer.role === "player" ? t("role_player", { name: me ? me.name : "?" }) : t("role_public");
    const pills = [el("span", { class: `pill role ${viewer.role}` }, role)];
    if (this.refused) pills.push(el("span", { class: "pill bad" }, t("refused")));
    else if (!this.connected) pills.push(el("span", { class: "pill warn" }, t("connection_lost")));
    fill(document.getElementById("status"), pills);
  }

  render() {
    const p = this.payload;
    const active = document.activeElement?.dataset?.keep;
    const caret = active ? [document.activeElement.selectionStart, document.activeElement.selectionEnd] : null;
    this.status();
    fill(document.getElementById("langs"), languageLinks());
    renderTest(document.getElementById("test"), p, this);
    renderSheets(document.getElementById("sheets"), p, this);
    renderTools(document.getElementById("tools"), p, this);
    renderLog(document.getElementById("log"), p);
    for (const node of document.querySelectorAll("[data-keep]")) {
      const key = node.dataset.keep;
      if (!this.kept.has(key)) continue;
      if (node.type === "checkbox") node.checked = Boolean(this.kept.get(key));
      else node.value = String(this.kept.get(key));
    }
    for (const node of document.querySelectorAll("details[data-keep-open]")) node.open = this.opened.has(node.dataset.keepOpen);
    if (active) {
      const again = document.querySelector(`[data-keep="${CSS.escape(active)}"]`);
      again?.focus();
      if (caret && again && typeof again.setSelectionRange === "function" && caret[0] !== null) {
        try {
          again.setSelectionRange(caret[0], caret[1]);
        } catch {
          /* a select has no caret */
        }
      }
    }
    document.body.dataset.version = String(p.version);
    document.body.dataset.role = p.viewer.role;
  }
}

/** Links to the page in German and English (the token stays). */
function languageLinks() {
  return ["de", "en"].map((code) => {
    const url = new URL(location.href);
    url.searchParams.set("lang", code);
    return el("a", { href: url.pathname + url.search + url.hash, lang: code, class: code === LANG ? "current" : "" }, code.toUpperCase());
  });
}

if (BOOT.page === "create") {
  fill(document.getElementById("langs"), languageLinks());
  renderCreate(document.getElementById("main"), LANG);
} else if (BOOT.page === "story") {
  const page = new StoryPage(BOOT);
  window.totenblatt = { payload: () => page.payload, page };
}
