// The measuring tape: for everyone at any time, between two figures or points of the table.
// The server measures (public facts only); the page draws the line and says what it found.

import { el, fill, inches, svg, t, toast } from "./util.js";

const SVG_ID = "tape-layer";

/** Tape mode: ``click(end)`` takes a figure ({figure}) or a point ({point}); two make a tape. */
export class Tape {
  constructor({ board, table, measure, onChange }) {
    this.svg = board;
    this.table = table;
    this.measure = measure;
    this.onChange = onChange;
    this.on = false;
    this.start = null;
    this.found = null;
    this.layer = null;
    this.panel = el("div", { id: "tape-panel", class: "tape-panel", hidden: true, "aria-live": "polite" });
    this.button = el("button", {
      class: "btn small", type: "button", id: "tape-button", "aria-pressed": "false",
      onclick: () => this.toggle(),
    }, t("tape"));
    document.addEventListener("keydown", (event) => {
      if (this.on && event.key === "Escape") this.toggle(false);
    });
  }

  toggle(on = !this.on) {
    this.on = on;
    this.start = null;
    if (!on) this.found = null;
    this.button.setAttribute("aria-pressed", String(on));
    this.button.classList.toggle("active", on);
    document.body.classList.toggle("taping", on);
    this.draw();
    this.onChange?.();
  }

  /** A click on the board while taping: the tape's next end (true: the click was the tape's). */
  click(end) {
    if (!this.on) return false;
    if (!this.start) {
      this.start = end;
      this.found = null;
      this.draw();
      return true;
    }
    const from = this.start;
    this.start = null;
    this.measure({ from: wire(from), to: wire(end) })
      .then((found) => {
        this.found = { ...found, fromLabel: name(from), toLabel: name(end) };
        this.draw();
      })
      .catch((e) => toast(e.message));
    return true;
  }

  ensureLayer() {
    if (this.layer && this.layer.isConnected) return this.layer;
    this.layer = svg("g", { id: SVG_ID, class: "tape" });
    this.svg.append(this.layer);
    return this.layer;
  }

  /** Draw the tape (again: the board's own layers are redrawn with every change). */
  draw() {
    const layer = this.ensureLayer();
    const h = this.table.height;
    fill(layer);
    this.panel.hidden = !this.on;
    if (!this.on) return;
    const f = this.found;
    if (!f) {
      fill(this.panel, el("p", { class: "hint" }, this.start ? t("tape_from", { what: name(this.start) }) : t("tape_hint")));
      return;
    }
    const [x1, y1] = f.from;
    const [x2, y2] = f.to;
    const label = inches(f.shown);
    layer.append(
      svg("line", { class: `tape-line${f.line_of_fire ? "" : " blocked"}`, x1, y1: h - y1, x2, y2: h - y2 }),
      svg("circle", { class: "tape-end", cx: x1, cy: h - y1, r: 0.25 }),
      svg("circle", { class: "tape-end", cx: x2, cy: h - y2, r: 0.25 }),
      svg("text", { class: "tape-tag", x: (x1 + x2) / 2 + 0.4, y: h - (y1 + y2) / 2 }, label),
    );
    const names = { ...(this.table.weapons || {}), ...(f.weapons || {}) };
    const first = Object.keys(f.bands)[0];
    const band = f.bands[first];
    // the band as the range text of A8's table ("0–2"", ">2–6"", …), not its number
    const floor = f.band_floors?.[first];
    const from = !floor ? "0" : `>${inches(floor).replace(/"$/, "")}`;
    const range = band === null ? t("tape_out") : t("tape_band", { floor: from, limit: inches(f.band_limits[first]) });
    const weapons = Object.keys(f.bands).map((weapon) =>
      el("li", { dataset: { weapon } },
        `${names[weapon] || weapon}: `,
        f.modifiers[weapon] === "miss" ? t("tape_out") : `${t("modifier")} ${signed(f.modifiers[weapon])}`));
    fill(this.panel,
      el("p", { class: "tape-head" }, el("b", {}, t("tape_result", { from: f.fromLabel, to: f.toLabel, distance: label }))),
      el("ul", { class: "tape-facts" },
        el("li", {}, `${t("range_band")}: ${range}`),
        el("li", {}, `${t("line_of_fire")}: ${f.line_of_fire ? t("yes_short") : t("no_short")}`),
        el("li", {}, `${t("cover")}: ${t(`cover_${f.cover}`)}${f.target_hidden ? ` — ${t("tape_hidden")}` : ""}`)),
      el("ul", { class: "tape-facts weapons" }, weapons),
      el("p", { class: "hint" }, t("tape_hint")));
  }
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function wire(end) {
  return end.figure ? { figure: end.figure } : [round(end.point[0]), round(end.point[1])];
}

function round(v) {
  return Math.round(v * 100) / 100;
}

function name(end) {
  return end.figure || t("tape_point", { x: round(end.point[0]), y: round(end.point[1]) });
}
