// The SVG table: figures, dragging with a ghost base, the ruler, lines of fire, marks; zoom and
// pan (buttons, wheel, pinch), touch-sized hit areas, focusable spots, moves that slide.
// One SVG unit is one inch; the engine's y grows upwards, the SVG's downwards.

import { svg, inches, fill } from "./util.js";

const DRAG_PX = { mouse: 4, pen: 6, touch: 9 }; // screen pixels before a press becomes a drag
export const HIT_PX = 44; // a figure's or a spot's hit area, at least this wide (CSS pixels)
const ZOOM_MAX = 6; // how far in the buttons, the wheel and a pinch may zoom (times the fit)
const SLIDE_MS_PER_INCH = 70; // a move slides this long per inch of its path…
const SLIDE_MS = [250, 1100]; // …within these bounds

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
 * little, and sliding along the edge the least. ``obstacles`` (boxes, inches, y down: the
 * terrain's names) cost as much as a base covered.
 */
export function layoutLabels(items, table, obstacles = []) {
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
        for (const base of [...bases, ...obstacles]) {
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

/** Whether the reader asked for less motion (the slides and the shots' flashes are left out). */
export function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function pathLength(path) {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += Math.hypot(path[i][0] - path[i - 1][0], path[i][1] - path[i - 1][1]);
  return total;
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
    // offered spots lie above the figures: a tap at a spot's centre reaches the spot, never
    // the hit area of a figure beside it (issue 42)
    this.spotLayer = element.querySelector("#spots");
    if (!this.spotLayer) {
      this.spotLayer = svg("g", { id: "spots" });
      this.figureLayer.after(this.spotLayer);
    }
    this.ruler = element.querySelector("#ruler");
    this.fx = element.querySelector("#fx");
    if (!this.fx) {
      this.fx = svg("g", { id: "fx" });
      element.append(this.fx);
    }
    this.press = null;
    this.pointers = new Map(); // pointer id -> its last client point (two of them: a pinch)
    this.pinch = null;
    this.positions = new Map(); // figure name -> [x, y] (the living)
    this.spots = []; // the suggested spots: {point, element, onPick}
    const box = (element.getAttribute("viewBox") || `0 0 ${this.width} ${this.height}`).split(/\s+/).map(Number);
    this.full = { x: box[0], y: box[1], w: box[2], h: box[3] }; // the table and its inch marks
    this.zoom = 1; // times the fitting scale
    this.centre = null; // the view's centre (SVG units); null: the table's, or the focus
    this.focusPoint = null;
    element.addEventListener("pointerdown", (e) => this.down(e));
    element.addEventListener("pointermove", (e) => this.move(e));
    element.addEventListener("pointerup", (e) => this.up(e));
    element.addEventListener("pointercancel", (e) => this.cancel(e));
    element.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
    element.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const g = e.target.closest?.(".figure");
      const spot = e.target.closest?.(".spot-g");
      if (!g && !spot) return;
      e.preventDefault();
      e.stopPropagation();
      if (g) (this.handlers.onFigureKey || this.handlers.onFigureClick)(g.dataset.figure);
      else this.spots.find((s) => s.element === spot)?.onPick();
    });
    if (window.ResizeObserver) new ResizeObserver(() => this.applyView()).observe(element);
    this.applyView();
  }

  // -- coordinates ----------------------------------------------------------------------

  /** The table point (inches, y up) under a client point, clamped to the table. */
  pointAt(clientX, clientY) {
    const point = this.svg.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    const local = point.matrixTransform(this.svg.getScreenCTM().inverse());
    const x = Math.min(Math.max(local.x, 0), this.width);
    const y = Math.min(Math.max(this.height - local.y, 0), this.height);
    return [Math.round(x * 100) / 100, Math.round(y * 100) / 100];
  }

  /** The table point (inches, y up) under a pointer event, clamped to the table. */
  pointOf(event) {
    return this.pointAt(event.clientX, event.clientY);
  }

  /** CSS pixels per inch as the board is drawn now. */
  scale() {
    const ctm = this.svg.getScreenCTM();
    return ctm ? Math.abs(ctm.a) || 1 : 1;
  }

  /** A hit area's radius in inches: half of HIT_PX on the screen, never less than a base. */
  hitRadius() {
    return Math.max(this.base / 2, HIT_PX / 2 / this.scale() + 0.02);
  }

  sx(point) {
    return point[0];
  }

  sy(point) {
    return this.height - point[1];
  }

  // -- zoom and pan ---------------------------------------------------------------------

  /** The scale (px per SVG unit) at which the table fits: its width on a narrow screen (a
   * phone, a tablet upright: the board fills the width, the rest is panned to), else all of it. */
  fitScale() {
    const w = this.svg.clientWidth || 1;
    const h = this.svg.clientHeight || 1;
    const contain = Math.min(w / this.full.w, h / this.full.h);
    const width = w / this.full.w;
    return { base: this.narrow() ? width : contain, contain };
  }

  narrow() {
    return window.matchMedia?.("(max-width: 900px), (orientation: portrait)").matches ?? false;
  }

  /** The least zoom: the whole table in view. */
  minZoom() {
    const { base, contain } = this.fitScale();
    return Math.min(1, contain / base);
  }

  /** Show ``zoom`` times the fitting scale around ``centre`` (SVG units), kept on the table. */
  applyView() {
    const w = this.svg.clientWidth;
    const h = this.svg.clientHeight;
    if (!w || !h) return;
    const { base } = this.fitScale();
    this.zoom = Math.min(Math.max(this.zoom, this.minZoom()), ZOOM_MAX);
    const scale = base * this.zoom;
    const vw = w / scale;
    const vh = h / scale;
    const full = this.full;
    let centre = this.centre;
    if (!centre) {
      const focus = this.focusPoint;
      centre = [full.x + full.w / 2, focus ? focus[1] : full.y + full.h / 2];
    }
    const clamp = (value, view, start, size) =>
      view >= size ? start + size / 2 : Math.min(Math.max(value, start + view / 2), start + size - view / 2);
    const cx = clamp(centre[0], vw, full.x, full.w);
    const cy = clamp(centre[1], vh, full.y, full.h);
    if (this.centre) this.centre = [cx, cy];
    this.svg.setAttribute("viewBox", [cx - vw / 2, cy - vh / 2, vw, vh].map((v) => round(v)).join(" "));
    this.svg.classList.toggle("zoomed", vw < full.w - 0.01 || vh < full.h - 0.01);
    this.updateHits();
    this.handlers.onView?.(this.zoom);
  }

  /** Where the view starts on a narrow screen: around this table point (inches, y up). */
  focusOn(point) {
    this.focusPoint = point ? [point[0], this.height - point[1]] : null;
    this.applyView();
  }

  /** The view's centre now (SVG units). */
  viewCentre() {
    const [x, y, w, h] = this.svg.getAttribute("viewBox").split(/\s+/).map(Number);
    return [x + w / 2, y + h / 2];
  }

  /** Zoom by ``factor`` keeping the SVG point ``at`` (default: the view's centre) where it is. */
  zoomBy(factor, at = null) {
    const before = this.viewCentre();
    const old = this.zoom;
    this.zoom = Math.min(Math.max(old * factor, this.minZoom()), ZOOM_MAX);
    const k = old / this.zoom;
    const anchor = at || before;
    this.centre = [anchor[0] + (before[0] - anchor[0]) * k, anchor[1] + (before[1] - anchor[1]) * k];
    this.applyView();
  }

  /** Back to the fitting view. */
  resetView() {
    this.zoom = 1;
    this.centre = null;
    this.applyView();
  }

  /** Move the view by a client distance (a drag on the empty board). */
  panBy(dx, dy) {
    const scale = this.scale();
    const [cx, cy] = this.viewCentre();
    this.centre = [cx - dx / scale, cy - dy / scale];
    this.applyView();
  }

  /** The SVG point (units, y down) under a client point. */
  local(clientX, clientY) {
    const point = this.svg.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    const local = point.matrixTransform(this.svg.getScreenCTM().inverse());
    return [local.x, local.y];
  }

  wheel(event) {
    if (!event.deltaY) return;
    event.preventDefault();
    this.zoomBy(event.deltaY < 0 ? 1.15 : 1 / 1.15, this.local(event.clientX, event.clientY));
  }

  /** Every hit area as wide as HIT_PX on the screen at the present zoom. */
  updateHits() {
    const r = round(this.hitRadius());
    for (const hit of this.svg.querySelectorAll(".figure .hit")) hit.setAttribute("r", r);
    for (const spot of this.spots) spot.element.querySelector(".hit")?.setAttribute("r", this.spotHit());
    const dot = round(Math.max(0.4, 9 / this.scale()));
    for (const disc of this.svg.querySelectorAll(".spot-g .spot, .spot-core")) disc.setAttribute("r", dot);
  }

  // -- figures --------------------------------------------------------------------------

  figureElement(fig) {
    let g = this.figureLayer.querySelector(`[data-figure="${CSS.escape(fig.name)}"]`);
    if (g) return g;
    g = svg(
      "g",
      { class: "figure", tabindex: 0, dataset: { figure: fig.name } },
      svg("circle", { class: "hit", r: round(this.hitRadius()) }),
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

  /**
   * Show every figure as ``figures`` (the view's) says; ``marks`` name classes per figure.
   * ``paths`` (figure name -> the path it just moved) let a figure slide along its path
   * (not with reduced motion). A figure is drawn out when the view says so; at 0 HP it is still
   * in the game (A11: the next wound takes it out), drawn with a warning ring (``last``).
   */
  update(figures, marks = {}, describe = null, paths = null) {
    this.positions.clear();
    for (const fig of figures) {
      const g = this.figureElement(fig);
      if (!g.querySelector(".hit")) g.prepend(svg("circle", { class: "hit", r: round(this.hitRadius()) }));
      const out = !!fig.out;
      const path = paths?.get(fig.name);
      if (path && path.length > 1 && !reducedMotion()) this.slide(g, path);
      else this.place(g, fig.position);
      if (!out) this.positions.set(fig.name, fig.position);
      const classes = ["figure", `seat-${fig.seat}`];
      if (fig.hidden) classes.push("hidden");
      if (out) classes.push("out");
      else if (fig.hp <= 0) classes.push("last");
      if (fig.kind !== "cowboy") classes.push("hero");
      if (g.classList.contains("sliding")) classes.push("sliding");
      for (const [cls, names] of Object.entries(marks)) if (names.has(fig.name)) classes.push(cls);
      g.setAttribute("class", classes.join(" "));
      if (out) g.setAttribute("tabindex", -1);
      else g.setAttribute("tabindex", 0);
      // a fallen figure lies under the living ones (they may stand where it fell)
      const before = g.previousElementSibling;
      if (out && before && !before.classList.contains("out")) this.figureLayer.prepend(g);
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

  /** The terrain names' boxes (inches, y down): figure labels keep off them. */
  terrainBoxes() {
    if (this._terrain) return this._terrain;
    const out = [];
    for (const node of this.svg.querySelectorAll(".terrain-name")) {
      try {
        const b = node.getBBox();
        if (b.width > 0) out.push({ x1: b.x, x2: b.x + b.width, y1: b.y, y2: b.y + b.height });
      } catch {
        // not laid out (no layout yet): no obstacle
      }
    }
    if (out.length) this._terrain = out;
    return out;
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
    const spots = layoutLabels(items, { width: this.width, height: this.height }, this.terrainBoxes());
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

  /** Slide a figure along ``path`` (table points), then leave it at the path's end. */
  slide(g, path) {
    const points = path.map((p) => [p[0], this.height - p[1]]);
    const total = pathLength(path) || 1;
    let done = 0;
    const frames = points.map((p, i) => {
      if (i > 0) done += Math.hypot(p[0] - points[i - 1][0], p[1] - points[i - 1][1]);
      return { transform: `translate(${p[0]}px, ${p[1]}px)`, offset: Math.min(1, done / total) };
    });
    const duration = Math.min(Math.max(total * SLIDE_MS_PER_INCH, SLIDE_MS[0]), SLIDE_MS[1]);
    g.getAnimations?.().forEach((a) => a.cancel());
    g.classList.add("sliding"); // no CSS transition meanwhile (it would win over the animation)
    this.place(g, path[path.length - 1]);
    const animation = g.animate?.(frames, { duration, easing: "ease-in-out" });
    const end = () => g.classList.remove("sliding");
    if (animation) animation.finished.then(end, end);
    else end();
  }

  // -- pointer ------------------------------------------------------------------------

  /** The nearest living figure or spot whose hit area holds the table point ``p``. */
  nearest(p, withSpots = true) {
    const reach = this.hitRadius();
    let best = null;
    for (const [name, at] of this.positions) {
      const d = Math.hypot(at[0] - p[0], at[1] - p[1]);
      if (d <= reach && (!best || d < best.d)) best = { d, figure: name };
    }
    if (withSpots) {
      for (const spot of this.spots) {
        const d = Math.hypot(spot.point[0] - p[0], spot.point[1] - p[1]);
        // a figure's own base wins over a spot beside it
        if (d <= reach && (!best || d < best.d - (best.figure ? 0.3 : 0))) best = { d, spot };
      }
    }
    return best;
  }

  /** The figure under a pointer event: the nearest whose hit area holds the point (raw, not
   * clamped to the table: a press beside the table still reaches a figure at its edge). */
  pressedFigure(event) {
    const local = this.local(event.clientX, event.clientY);
    const p = [local[0], this.height - local[1]];
    const found = this.nearest(p, false);
    if (found?.figure) return found.figure;
    const g = event.target.closest?.(".figure");
    return g && !g.classList.contains("out") ? g.dataset.figure : null;
  }

  down(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    this.pointers.set(event.pointerId, [event.clientX, event.clientY]);
    try {
      this.svg.setPointerCapture(event.pointerId);
    } catch {
      // a synthetic pointer cannot be captured: the events still come to the board
    }
    if (this.pointers.size === 2) {
      if (this.press?.dragging) this.handlers.onDragCancel?.(this.press.name);
      this.press = null;
      const [a, b] = [...this.pointers.values()];
      this.pinch = { distance: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
      return;
    }
    if (this.pointers.size > 2) return;
    this.press = {
      id: event.pointerId,
      name: this.pressedFigure(event),
      client: [event.clientX, event.clientY],
      kind: event.pointerType || "mouse",
      dragging: false,
      panning: false,
    };
  }

  move(event) {
    if (this.pointers.has(event.pointerId)) this.pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (this.pinch && this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const distance = Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
      const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      this.panBy(mid[0] - this.pinch.mid[0], mid[1] - this.pinch.mid[1]);
      this.zoomBy(distance / this.pinch.distance, this.local(mid[0], mid[1]));
      this.pinch = { distance, mid };
      return;
    }
    const press = this.press;
    if (!press || press.id !== event.pointerId) return;
    const dx = event.clientX - press.client[0];
    const dy = event.clientY - press.client[1];
    if (!press.dragging && !press.panning) {
      if (Math.hypot(dx, dy) <= (DRAG_PX[press.kind] ?? 4)) return;
      if (press.name && this.handlers.canDrag(press.name)) press.dragging = true;
      else press.panning = true;
    }
    if (press.panning) {
      this.panBy(dx, dy);
      press.client = [event.clientX, event.clientY];
      return;
    }
    const point = this.pointOf(event);
    this.ghost(point, true);
    this.handlers.onDrag(press.name, point);
  }

  up(event) {
    this.pointers.delete(event.pointerId);
    if (this.pinch) {
      if (this.pointers.size < 2) this.pinch = null;
      return;
    }
    const press = this.press;
    if (!press || press.id !== event.pointerId) return;
    this.press = null;
    if (press.panning) return;
    const point = this.pointOf(event);
    if (press.dragging) return this.handlers.onDrop(press.name, point);
    const local = this.local(event.clientX, event.clientY);
    const found = this.nearest([local[0], this.height - local[1]]);
    if (found?.spot) return found.spot.onPick();
    if (press.name) return this.handlers.onFigureClick(press.name);
    this.handlers.onBoardClick(point);
  }

  cancel(event) {
    this.pointers.delete(event?.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (this.press?.dragging) this.handlers.onDragCancel(this.press.name);
    this.press = null;
  }

  // -- drawings -----------------------------------------------------------------------

  clear(layer) {
    (layer === "marks" ? this.marks : this.ruler).replaceChildren();
    if (layer === "marks") this.dropSpots();
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
    this.dropSpots();
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

  /** A shot's flash along its line of fire (not with reduced motion). */
  flash(from, to) {
    if (reducedMotion()) return;
    const line = svg("line", {
      class: "shot",
      x1: from[0],
      y1: this.height - from[1],
      x2: to[0],
      y2: this.height - to[1],
    });
    this.fx.append(line);
    setTimeout(() => line.remove(), 900);
  }

  /**
   * Suggested destinations (the engine's offered moves): small discs with a hit area of
   * HIT_PX, each focusable (Enter picks it); ``label(spot)`` names it for a screen reader.
   */
  drawSpots(spots, onPick, label = null) {
    const dot = round(Math.max(0.4, 9 / this.scale()));
    spots.forEach((spot, index) => {
      const end = spot.path[spot.path.length - 1];
      const cx = end[0];
      const cy = this.height - end[1];
      const g = svg(
        "g",
        { class: "spot-g", tabindex: 0, role: "button", "aria-label": label ? label(spot) : `${end[0]}, ${end[1]}`, dataset: { spot: index } },
        svg("circle", { class: "hit", r: this.spotHit(), cx, cy }),
        svg("circle", { class: "spot", r: dot, cx, cy }),
      );
      this.spotLayer.append(g);
      this.spots.push({ point: end, element: g, onPick: () => onPick(spot) });
    });
    // each spot's centre above every hit area, its neighbours' too: spots closer than
    // HIT_PX share their hit areas, never their centres
    const cores = svg("g", { class: "spot-cores" });
    spots.forEach((spot, index) => {
      const end = spot.path[spot.path.length - 1];
      cores.append(svg("circle", { class: "spot-core", r: dot, cx: end[0], cy: this.height - end[1], dataset: { spot: index } }));
    });
    this.spotLayer.append(cores);
  }

  /** The offered spots gone (their layer emptied). */
  dropSpots() {
    this.spotLayer.replaceChildren();
    this.spots = [];
  }

  /** A spot's hit radius: HIT_PX wide on the screen (it lies above the figures). */
  spotHit() {
    return round(this.hitRadius());
  }

  /** Paths moved (the replay). */
  drawTrails(paths) {
    fill(this.marks);
    this.dropSpots();
    for (const [, path] of paths) {
      const points = path.map((p) => `${p[0]},${this.height - p[1]}`).join(" ");
      this.marks.append(svg("polyline", { class: "trail", points }));
    }
  }
}
