// The SVG table: figures, dragging with a ghost base, the ruler, lines of fire, marks.
// One SVG unit is one inch; the engine's y grows upwards, the SVG's downwards.

import { svg, inches, fill } from "./util.js";

const DRAG_START = 0.25; // inches the pointer must travel before a press becomes a drag

export class Board {
  constructor(element, table, handlers) {
    this.svg = element;
    this.width = table.width;
    this.height = table.height;
    this.base = table.base || 1;
    this.handlers = handlers;
    this.figureLayer = element.querySelector("#figures");
    this.marks = element.querySelector("#marks");
    this.ruler = element.querySelector("#ruler");
    this.press = null;
    element.addEventListener("pointerdown", (e) => this.down(e));
    element.addEventListener("pointermove", (e) => this.move(e));
    element.addEventListener("pointerup", (e) => this.up(e));
    element.addEventListener("pointercancel", () => this.cancel());
    element.addEventListener("keydown", (e) => {
      const g = e.target.closest?.(".figure");
      if (g && (e.key === "Enter" || e.key === " ")) {
        e.preventDefault();
        e.stopPropagation();
        this.handlers.onFigureClick(g.dataset.figure);
      }
    });
  }

  // -- coordinates ----------------------------------------------------------------------

  /** The table point (inches, y up) under a pointer event, clamped to the table. */
  pointOf(event) {
    const point = this.svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(this.svg.getScreenCTM().inverse());
    const x = Math.min(Math.max(local.x, 0), this.width);
    const y = Math.min(Math.max(this.height - local.y, 0), this.height);
    return [Math.round(x * 100) / 100, Math.round(y * 100) / 100];
  }

  sx(point) {
    return point[0];
  }

  sy(point) {
    return this.height - point[1];
  }

  // -- figures --------------------------------------------------------------------------

  figureElement(fig) {
    let g = this.figureLayer.querySelector(`[data-figure="${CSS.escape(fig.name)}"]`);
    if (g) return g;
    g = svg(
      "g",
      { class: "figure", tabindex: 0, dataset: { figure: fig.name } },
      svg("circle", { class: "halo", r: 0.85 }),
      svg("circle", { class: "base", r: 0.5 }),
      svg("text", { class: "initial", y: 0.2 }, fig.name.slice(0, 1)),
      svg("text", { class: "label", y: -0.72 }, fig.name),
      svg("text", { class: "hp", y: 1.05 }, ""),
    );
    if (fig.kind !== "cowboy") g.append(svg("text", { class: "badge", x: 0.5, y: -0.3 }, "★"));
    this.figureLayer.append(g);
    return g;
  }

  /** Show every figure as ``figures`` (the view's) says; ``marks`` name classes per figure. */
  update(figures, marks = {}, describe = null) {
    for (const fig of figures) {
      const g = this.figureElement(fig);
      this.place(g, fig.position);
      const classes = ["figure", `seat-${fig.seat}`];
      if (fig.hidden) classes.push("hidden");
      if (fig.out) classes.push("out");
      if (fig.kind !== "cowboy") classes.push("hero");
      for (const [cls, names] of Object.entries(marks)) if (names.has(fig.name)) classes.push(cls);
      g.setAttribute("class", classes.join(" "));
      // a fallen figure lies under the living ones (they may stand where it fell)
      const before = g.previousElementSibling;
      if (fig.out && before && !before.classList.contains("out")) this.figureLayer.prepend(g);
      g.querySelector(".hp").textContent = `${fig.hp}/${fig.hp_max}`;
      const about = describe ? `${fig.name}: ${describe(fig)}` : `${fig.name} ${fig.hp}/${fig.hp_max}`;
      g.setAttribute("aria-label", about);
      let title = g.querySelector("title");
      if (!title) {
        title = svg("title");
        g.prepend(title);
      }
      title.textContent = about;
    }
  }

  place(g, position) {
    g.style.transform = `translate(${position[0]}px, ${this.height - position[1]}px)`;
  }

  // -- pointer ------------------------------------------------------------------------

  down(event) {
    if (event.button !== 0) return;
    const g = event.target.closest(".figure");
    this.press = {
      id: event.pointerId,
      name: g ? g.dataset.figure : null,
      start: this.pointOf(event),
      dragging: false,
    };
    this.svg.setPointerCapture(event.pointerId);
  }

  move(event) {
    const press = this.press;
    if (!press || press.id !== event.pointerId) return;
    const point = this.pointOf(event);
    if (!press.dragging) {
      const far = Math.hypot(point[0] - press.start[0], point[1] - press.start[1]) > DRAG_START;
      if (!far || !press.name || !this.handlers.canDrag(press.name)) return;
      press.dragging = true;
    }
    this.ghost(point, true);
    this.handlers.onDrag(press.name, point);
  }

  up(event) {
    const press = this.press;
    if (!press || press.id !== event.pointerId) return;
    this.press = null;
    const point = this.pointOf(event);
    if (press.dragging) this.handlers.onDrop(press.name, point);
    else if (press.name) this.handlers.onFigureClick(press.name);
    else this.handlers.onBoardClick(point);
  }

  cancel() {
    if (this.press?.dragging) this.handlers.onDragCancel(this.press.name);
    this.press = null;
  }

  // -- drawings -----------------------------------------------------------------------

  clear(layer) {
    (layer === "marks" ? this.marks : this.ruler).replaceChildren();
  }

  ghost(point, ok) {
    let ghost = this.ruler.querySelector(".ghost.live");
    if (!ghost) {
      ghost = svg("circle", { class: "ghost live", r: this.base / 2 });
      this.ruler.append(ghost);
    }
    ghost.setAttribute("cx", point[0]);
    ghost.setAttribute("cy", this.height - point[1]);
    ghost.classList.toggle("bad", !ok);
  }

  /** The ruler: each planned step's path, its end base and a tag with the inches. */
  drawRuler(steps, label, ok) {
    fill(this.ruler);
    let last = null;
    for (const step of steps) {
      const points = step.path.map((p) => `${p[0]},${this.height - p[1]}`).join(" ");
      this.ruler.append(svg("polyline", { class: `path${ok ? "" : " bad"}`, points }));
      last = step.path[step.path.length - 1];
      this.ruler.append(
        svg("circle", {
          class: `ghost${ok ? "" : " bad"}`,
          r: this.base / 2,
          cx: last[0],
          cy: this.height - last[1],
        }),
      );
    }
    if (last && label) {
      const x = Math.min(last[0] + 0.7, this.width - 4);
      const y = Math.max(this.height - last[1] - 0.7, 1);
      const width = 0.36 * label.length + 0.5;
      this.ruler.append(
        svg("rect", { class: `tag-bg${ok ? "" : " bad"}`, x, y: y - 0.62, width, height: 0.9, rx: 0.2 }),
        svg("text", { class: "tag", x: x + 0.25, y: y }, label),
      );
    }
  }

  /** The line of fire between two points (dashed grey when blocked), with the distance. */
  drawFire(from, to, blocked, distance) {
    fill(this.marks, 
      svg("line", {
        class: `fire${blocked ? " blocked" : ""}`,
        x1: from[0],
        y1: this.height - from[1],
        x2: to[0],
        y2: this.height - to[1],
      }),
    );
    if (distance !== undefined) {
      const mx = (from[0] + to[0]) / 2 + 0.4;
      const my = this.height - (from[1] + to[1]) / 2;
      const label = inches(distance);
      this.marks.append(
        svg("rect", { class: "tag-bg bad", x: mx, y: my - 0.62, width: 0.36 * label.length + 0.5, height: 0.9, rx: 0.2 }),
        svg("text", { class: "tag", x: mx + 0.25, y: my }, label),
      );
    }
  }

  /** Suggested destinations (the engine's offered moves): small discs to click. */
  drawSpots(spots, onPick) {
    for (const spot of spots) {
      const end = spot.path[spot.path.length - 1];
      const disc = svg("circle", { class: "spot", r: 0.4, cx: end[0], cy: this.height - end[1] });
      disc.addEventListener("pointerdown", (e) => e.stopPropagation());
      disc.addEventListener("click", (e) => {
        e.stopPropagation();
        onPick(spot);
      });
      this.marks.append(disc);
    }
  }

  /** Paths moved (the replay). */
  drawTrails(paths) {
    fill(this.marks);
    for (const [, path] of paths) {
      const points = path.map((p) => `${p[0]},${this.height - p[1]}`).join(" ");
      this.marks.append(svg("polyline", { class: "trail", points }));
    }
  }
}
