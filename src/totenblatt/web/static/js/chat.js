// The chat of a game: seats and spectators (marked), a line of up to 500 characters or a quick
// emote. The server escapes nothing for us and we need nothing escaped: every line is text.

import { el, fill, t, toast } from "./util.js";

const EMOTES = ["hello", "gg", "nice", "ouch", "thinking", "hurry", "thanks"];
const MAX = 500;

function clock(at) {
  const when = new Date(at);
  return Number.isNaN(when.getTime()) ? "" : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** The chat panel: ``say(body)`` sends ``{"text"}`` or ``{"emote"}`` for the shown viewer. */
export class ChatPanel {
  constructor(say) {
    this.say = say;
    this.shown = null;
    this.lines = el("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite" });
    this.input = el("input", {
      id: "chat-input",
      type: "text",
      maxlength: MAX,
      autocomplete: "off",
      placeholder: t("chat_placeholder"),
      "aria-label": t("chat"),
    });
    const form = el("form", { class: "chat-form", onsubmit: (e) => this.submit(e) },
      this.input,
      el("button", { class: "btn small", type: "submit", id: "chat-send" }, t("chat_send")));
    const emotes = el("div", { class: "emotes", role: "group", "aria-label": t("emotes") },
      EMOTES.map((key) =>
        el("button", { class: "btn small emote", type: "button", dataset: { emote: key }, onclick: () => this.send({ emote: key }) },
          t(`emote_${key}`))));
    this.node = el("section", { id: "chat", class: "chat" }, el("h2", {}, t("chat")), this.lines, emotes, form);
  }

  async submit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    if (await this.send({ text })) this.input.value = "";
  }

  async send(body) {
    try {
      await this.say(body);
      return true;
    } catch (e) {
      toast(e.message);
      return false;
    }
  }

  /** Show ``chat`` (oldest first): only the lines not shown yet are added. */
  render(chat) {
    const key = `${chat.length}|${chat.length ? chat[chat.length - 1].at : ""}`;
    if (key === this.shown && this.lines.childElementCount) return;
    const atEnd = this.lines.scrollTop + this.lines.clientHeight >= this.lines.scrollHeight - 30;
    fill(this.lines,
      chat.length
        ? chat.map((line) =>
            el("li", { class: `chat-line${line.spectator ? " spectator" : ""}${line.emote ? " emote" : ""}` },
              el("span", { class: "from" }, line.from),
              line.spectator ? el("span", { class: "tag" }, t("chat_spectator")) : null,
              el("span", { class: "text" }, line.text),
              el("time", { datetime: line.at }, clock(line.at))))
        : el("li", { class: "empty" }, t("chat_empty")));
    if (atEnd || this.shown === null) this.lines.scrollTop = this.lines.scrollHeight;
    this.shown = key;
  }
}
