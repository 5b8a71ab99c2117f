// The step-by-step replay of a finished game: public frames from the server.

import { icon } from "./icons.js";
import { renderSeats } from "./panels.js";
import { el, t, fill } from "./util.js";

export class Replay {
  /** ``context``: the seats' ``labels``, the watching ``seat`` and the page's ``table`` facts. */
  constructor(board, api, page, onExit, context = null) {
    this.board = board;
    this.api = api;
    this.page = page;
    this.onExit = onExit;
    this.context = context;
    this.frames = [];
    this.index = 0;
  }

  async start() {
    const data = await this.api.replay();
    this.frames = data.frames;
    this.result = data.result;
    this.bar = el("div", { id: "replay-bar" });
    fill(this.page.decision, el("div", { class: "prompt" }, t("replay")), el("p", {}, this.result), this.bar);
    fill(this.page.preview);
    this.page.handWrap.classList.add("covered");
    // it opens on the end (the final position, how it ended), then steps back from there
    this.show(this.frames.length - 1);
  }

  /** A button of the bar: an icon (no words to wrap on a phone), its name for screen
   * readers and as its tooltip. */
  button(name, label, onclick, id) {
    return el("button", { class: "btn small", type: "button", onclick, id, "aria-label": label, title: label }, icon(name));
  }

  show(index) {
    this.index = Math.max(0, Math.min(index, this.frames.length - 1));
    const frame = this.frames[this.index];
    this.board.clear("ruler");
    this.board.update(frame.figures);
    this.board.drawTrails(frame.paths);
    // the header and the players show the frame's moment, not the end of the game
    fill(this.page.status,
      el("span", { class: "pill" }, el("b", {}, t("replay"))),
      el("span", { class: "pill" }, el("b", {}, t("round_open", { round: frame.round }))),
    );
    if (this.context) {
      const { labels, seat, table } = this.context;
      renderSeats(this.page.seats, { labels, seat, figures: frame.figures, decision: {}, to_act: null }, table);
    }
    const lines = this.frames.slice(0, this.index + 1).flatMap((f) => f.lines);
    const log = this.page.log;
    fill(log, ...lines.map(([type, text]) => el("li", { class: type }, text)));
    log.scrollTop = log.scrollHeight;
    const step = t("replay_step", { n: this.index + 1, total: this.frames.length });
    fill(this.bar,
      this.button("first", t("replay_first"), () => this.show(0), "replay-first"),
      this.button("prev", t("replay_prev"), () => this.show(this.index - 1), "replay-prev"),
      // the round and the step on two short lines (one long line pushed the buttons to a second row)
      el("span", { class: "replay-where", "aria-live": "polite" },
        el("b", {}, t("round_open", { round: frame.round })), " ", el("span", {}, step)),
      this.button("next", t("replay_next"), () => this.show(this.index + 1), "replay-next"),
      this.button("last", t("replay_last"), () => this.show(this.frames.length - 1), "replay-last"),
      this.button("close", t("close"), () => this.exit(), "replay-close"),
    );
  }

  key(event) {
    const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    if (event.key in moves) {
      const step = moves[event.key];
      this.show(Number.isFinite(step) ? this.index + step : step < 0 ? 0 : this.frames.length - 1);
      event.preventDefault();
    } else if (event.key === "Escape") {
      this.exit();
    }
  }

  exit() {
    this.bar.remove();
    this.board.clear("marks");
    this.page.handWrap.classList.remove("covered");
    this.onExit();
  }
}
