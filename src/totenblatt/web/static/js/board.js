// The SVG table: figures, dragging with a ghost base, the ruler, lines of fire, marks.
// One SVG unit is one inch; the engine's y grows upwards, the SVG's downwards.

import { svg, inches, fill } from "./util.js";

const DRAG_START = 0.25; // inches the pointer must travel before a press becomes a drag

// -- where a figure's name and HP go ------------------------------------------------------
// Only the page places them (the server draws them unplaced and hidden, table.css): it knows
// the widths the browser measures, and places them again whenever figures move (a payload, a
// replay's frame). The name above the base and the HP below it, unless that runs off the table
// or into a label placed before: then the cheapest of a few fixed spots.
// Each spot: [name side, name baseline, HP side, HP baseline], in inches from the figure's
// centre (y down); side 0 centres the text on the figure, 1 puts it right of the base, -1 left.
export const LABEL_SPOTS = [
  [0, -0.72, 0, 1.05], // name above, HP below
  [0, 1.78, 0, 1.05], // both below
  [0, -1.38, 0, -0.72], // both above
  [1, -0.1, 1, 0.52], // beside, right
  [-1, -0.1, -1, 0.52], // beside, left
  [0, -1.32, 0, 1.05], // name higher
  [0, -0.72, 0, 1.65], // HP lower
  [0, -1.92, 0, 1.65], // both further out
  [0, 2.32, 0, 1.05], // name further below
];
const LABEL_SIZE = { label: 0.56, hp: 0.46 }; // font sizes (table.css)
const SIDE_GAP = 1.0; // from the figure's centre to a label beside it
const EDGE = 0.05; // labels keep this far inside the table
const PAD = 0.06; // and this far from each other, left and right

function round(value) {
  return Math.round(value * 1000) / 1000;
}

function overlap(a, b) {
  const w = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const h = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  return w > 0 && h > 0 ? w * h : 0;
}

/** A label's box (inches, y down) centred on ``cx`` on ``baseline``; ``slide``: how far it
 * had to move along the table's edge to stay on the table (``push``: off it, a last resort). */
function labelBox(cx, baseline, width, size, table) {
  const half = width / 2 + PAD;
  let x = Math.min(Math.max(cx, half + EDGE), table.width - half - EDGE);
  if (2 * (half + EDGE) > table.width) x = table.width / 2;
  const y = Math.min(Math.max(baseline, size + EDGE), table.height - 0.25 * size - EDGE);
  return {
    x, y, slide: Math.abs(x - cx), push: Math.abs(y - baseline),
    x1: x - half, x2: x + half, y1: y - size, y2: y + 0.25 * size,
  };
}

/** A figure's [name box, HP box] in ``spot``: pushed off an edge together, so they never meet. */
function spotBoxes(f, [nameSide, nameY, hpSide, hpY], table) {
  const texts = [
    [f.x + nameSide * (SIDE_GAP + f.widths[0] / 2), f.y + nameY, f.widths[0], LABEL_SIZE.label],
    [f.x + hpSide * (SIDE_GAP + f.widths[1] / 2), f.y + hpY, f.widths[1], LABEL_SIZE.hp],
  ];
  let push = 0;
  for (const [cx, baseline, width, size] of texts) {
    const needed = labelBox(cx, baseline, width, size, table).y - baseline;
    if (Math.abs(needed) > Math.abs(push)) push = needed;
  }
  const boxes = texts.map(([cx, baseline, width, size]) => labelBox(cx, baseline + push, width, size, table));
  return { boxes, push: Math.abs(push) + boxes[0].push + boxes[1].push };
}

/**
 * Where each figure's labels go: ``items`` are {name, x, y (table inches, y down), out,
 * widths: [name, hp]}; the answer maps a name to its [name box, HP box] ({x, y} the centre and
 * baseline). The living are placed first, each in the cheapest spot: one where a label meets
 * another costs most, one pushed off the table's edge or covering a base less, a later spot a
 * little, and sliding along the edge the least.
 */
export function layoutLabels(items, table) {
  const order = [...items.filter((f) => !f.out), ...items.filter((f) => f.out)];
  const bases = items.map((f) => ({ x1: f.x - 0.5, x2: f.x + 0.5, y1: f.y - 0.5, y2: f.y + 0.5 }));
  const placed = [];
  const spots = new Map();
  for (const f of order) {
    let best = null;
    LABEL_SPOTS.forEach((spot, index) => {
      const { boxes, push } = spotBoxes(f, spot, table);
      let cost = index + (push > 0.001 ? 50 + 20 * push : 0);
      if (overlap(boxes[0], boxes[1]) > 0) cost += 1000;
      for (const box of boxes) {
        cost += box.slide;
        for (const other of placed) {
          const area = overlap(box, other);
          if (area > 0) cost += 1000 + 1000 * area;
        }
        for (const base of bases) {
          const area = overlap(box, base);
          if (area > 0) cost += 30 + 100 * area;
        }
      }
      if (best === null || cost < best.cost) best = { cost, boxes };
    });
    placed.push(...best.boxes);
    spots.set(f.name, best.boxes);
  }
  return spots;
}

/** A text's width in inches: measured when the browser has laid it out, else estimated. */
function textWidth(node, size, bold) {
  const measured = node.getComputedTextLength?.() || 0;
  return measured > 0 ? measured : node.textContent.length * size * (bold ? 0.72 : 0.6);
}

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
    this.placeLabels(figures);
  }

  /** Move the names and HP so that none runs off the table or into another (layoutLabels);
   * the board shows them from then on (class ``labelled``). */
  placeLabels(figures) {
    const items = figures.map((fig) => {
      const g = this.figureElement(fig);
      const label = g.querySelector(".label");
      const hp = g.querySelector(".hp");
      return {
        name: fig.name,
        x: fig.position[0],
        y: this.height - fig.position[1],
        out: !!fig.out,
        nodes: [label, hp],
        widths: [textWidth(label, LABEL_SIZE.label, true), textWidth(hp, LABEL_SIZE.hp, false)],
      };
    });
    const spots = layoutLabels(items, { width: this.width, height: this.height });
    for (const item of items) {
      spots.get(item.name).forEach((box, i) => {
        item.nodes[i].setAttribute("x", round(box.x - item.x));
        item.nodes[i].setAttribute("y", round(box.y - item.y));
      });
    }
    this.svg.classList.add("labelled");
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
