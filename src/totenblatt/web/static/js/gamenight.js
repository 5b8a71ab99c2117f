// A game night at the table: the chat, takeback by consent, the measuring tape, the option to
// pass bids automatically, and at the end the rematch and the downloads. The table (table.js)
// creates one GameNight and calls ``render(view)`` after each of its own renders,
// ``tapeClick(end)`` first on each click on the board, and ``endButtons(view)`` for its end sheet.

import { ChatPanel } from "./chat.js";
import { renderLog } from "./panels.js";
import { Tape } from "./tape.js";
import { download, el, fill, gameHref, t, toast, withLang } from "./util.js";

function stylesheet() {
  if (document.querySelector('link[data-night]')) return;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("../gamenight.css", import.meta.url).pathname, dataset: { night: "1" } }));
}

export class GameNight {
  /**
   * ``ctx``: {boot, lang, apis (seat -> Api), view() (the shown payload), shown() (its seat),
   * spectator, board (the SVG element)}.
   */
  constructor(ctx) {
    stylesheet();
    this.ctx = ctx;
    this.undone = null;
    this.rematchSeen = false;
    this.chat = new ChatPanel((body) => this.api().request("POST", `/chat`, body));
    this.tape = new Tape({
      board: ctx.board,
      table: ctx.boot.table,
      measure: (body) => this.api().request("POST", `/measure`, body),
    });
    this.banner = el("div", { id: "takeback-banner", class: "night-banner", role: "alertdialog", hidden: true });
    this.actions = el("div", { class: "night-actions buttons" });
    this.end = el("div", { class: "night-end buttons", hidden: true });
    this.node = el("section", { id: "night", "aria-label": t("night") },
      this.end, this.actions, this.tape.panel, this.chat.node);
    const log = document.getElementById("log");
    if (log) log.after(this.node);
    else (document.getElementById("right") || document.body).append(this.node);
    document.body.append(this.banner);
  }

  api() {
    return this.ctx.apis.get(this.ctx.shown());
  }

  /** The tape takes board clicks while it is on (true: this click was the tape's). */
  tapeClick(end) {
    return this.tape.click(end);
  }

  render(v) {
    if (!v) return;
    this.relog(v);
    this.chat.render(v.chat || []);
    this.renderActions(v);
    this.renderBanner(v);
    this.renderEnd(v);
    this.tape.draw();
  }

  /** After a takeback the log changed in its middle: draw it whole again. */
  relog(v) {
    const undone = `${v.serial - v.version}|${v.log.filter((line) => line[0] === "takeback").length}`;
    const node = document.getElementById("log-lines");
    if (this.undone !== null && undone !== this.undone && node) {
      renderLog(node, []);
      renderLog(node, v.log);
    }
    this.undone = undone;
  }

  renderActions(v) {
    const parts = [this.tape.button];
    if (!this.ctx.spectator && !v.is_over) {
      // the server says whether the request would be taken (takeback_possible) and why not
      const possible = v.takeback_possible === true;
      parts.push(el("button", {
        class: "btn small", type: "button", id: "takeback", disabled: !possible,
        "aria-disabled": possible ? "false" : "true", title: possible ? null : v.takeback_refusal,
        onclick: () => this.askTakeback(),
      }, t("takeback")));
      const on = !!v.options?.auto_pass_bids;
      parts.push(
        el("label", { class: "check", title: t("auto_pass_hint") },
          el("input", { type: "checkbox", id: "auto-pass", checked: on, onchange: (e) => this.setAutoPass(e.target.checked) }),
          t("auto_pass")));
    }
    fill(this.actions, parts);
  }

  renderBanner(v) {
    const asked = v.takeback;
    const seat = this.ctx.spectator ? null : v.seat;
    if (this.mine !== undefined && this.mine !== null && !asked && v.serial === this.mine) {
      toast(t("takeback_refused"), "info"); // my takeback ended, the game did not go back
    }
    this.mine = asked && asked.by === seat ? v.serial : null;
    if (!asked || seat === null || (asked.by !== seat && !asked.waiting.includes(seat))) {
      this.banner.hidden = true;
      fill(this.banner);
      return;
    }
    const names = asked.waiting.map((s) => v.labels[s]).join(", ");
    if (asked.by === seat) {
      fill(this.banner,
        el("p", {}, t("takeback_asked", { names })),
        el("button", { class: "btn small", type: "button", dataset: { takeback: "withdraw" }, onclick: () => this.answer(false) }, t("takeback_withdraw")));
    } else {
      fill(this.banner,
        el("p", {}, t("takeback_question", { name: v.labels[asked.by] })),
        el("div", { class: "buttons" },
          el("button", { class: "btn primary", type: "button", dataset: { takeback: "accept" }, onclick: () => this.answer(true) }, t("takeback_accept")),
          el("button", { class: "btn", type: "button", dataset: { takeback: "refuse" }, onclick: () => this.answer(false) }, t("takeback_refuse"))));
    }
    this.banner.hidden = false;
  }

  renderEnd(v) {
    if (!v.is_over) {
      this.end.hidden = true;
      return;
    }
    this.end.hidden = false;
    fill(this.end, this.endButtons(v, false));
    const asking = document.querySelector("#overlay [data-rematch=ask]"); // the end's sheet
    if (asking && v.rematch?.url) asking.replaceWith(this.endButtons(v)[0]);
    if (v.rematch && !this.rematchSeen) {
      this.rematchSeen = true;
      toast(t("rematch_ready"), "info");
    }
  }

  /** The end's buttons: the rematch (or the way to it) and the downloads. */
  endButtons(v, primary = true) {
    const out = [];
    if (v.rematch?.url) {
      const label = this.ctx.spectator ? t("rematch_watch") : t("rematch_join");
      out.push(el("a", { class: `btn${primary ? " primary" : ""}`, href: this.rematchHref(v), dataset: { rematch: "join" } }, label));
    } else if (!this.ctx.spectator) {
      out.push(el("button", { class: "btn", type: "button", dataset: { rematch: "ask" }, onclick: () => this.rematch() }, t("rematch")));
    }
    const gameId = this.ctx.boot.game_id;
    const base = `/api/games/${encodeURIComponent(gameId)}/export?lang=${this.ctx.lang}`;
    // the token goes in Authorization: Bearer (fetched, then saved), never in a link's query
    const saving = (format) => (event) => {
      event.preventDefault();
      download(event.currentTarget.href, this.api().token, `${gameId.slice(0, 8)}-${format}`).catch((e) => toast(e.message));
    };
    out.push(
      el("a", { class: "btn small", href: `${base}&format=replay`, download: "", dataset: { export: "replay" }, onclick: saving("replay") }, t("export_replay")),
      el("a", { class: "btn small", href: `${base}&format=markdown`, download: "", dataset: { export: "markdown" }, onclick: saving("markdown") }, t("export_report")),
      el("a", { class: "btn small", href: gameHref(gameId, [this.api().token], { lang: this.ctx.lang }, "analysis"), dataset: { analysis: "open" } }, t("analysis_open")));
    return out;
  }

  /** The rematch's page: every token of this page (a rematch keeps the seats' tokens), in
   * the link's fragment. */
  rematchHref(v) {
    const tokens = this.ctx.boot.tokens;
    if (this.ctx.spectator || tokens.length < 2) return withLang(v.rematch.url, this.ctx.lang);
    return gameHref(v.rematch.game_id, tokens.map((e) => e.token), { lang: this.ctx.lang });
  }

  /** Ask for the rematch and open it: the asker is led to the new game (its own seat, or in
   * hot-seat every seat of this page); throws the server's refusal. */
  async openRematch() {
    const made = await this.api().request("POST", `/rematch`);
    const url = made.seats?.find((s) => s.token)?.url || made.spectator_url;
    location.assign(this.rematchHref({ rematch: { game_id: made.game_id, url } }));
  }

  async rematch() {
    try {
      await this.openRematch();
    } catch (e) {
      toast(e.message);
    }
  }

  async askTakeback() {
    try {
      const answer = await this.api().request("POST", `/takeback`);
      if (answer.taken_back) toast(t("takeback_done"), "info");
    } catch (e) {
      toast(e.message);
    }
  }

  async answer(accept) {
    try {
      const answer = await this.api().request("POST", `/takeback/answer`, { accept });
      if (answer.taken_back) toast(t("takeback_done"), "info");
      else if (answer.status === "refused") toast(t("takeback_refused"), "info");
    } catch (e) {
      toast(e.message);
    }
  }

  async setAutoPass(on) {
    try {
      await this.api().request("POST", `/options`, { auto_pass_bids: on });
    } catch (e) {
      toast(e.message);
    }
  }
}
