// Where a figure's name and HP go. Only the page places them (the server draws them unplaced
// and hidden, table.css): it knows the widths the browser measures, and places them again
// whenever figures move (a payload, a replay's frame). The name above the base and the HP
// below it, unless that runs off the table or into a label placed before: then the cheapest
// of a few fixed spots.

import { round } from "./state.js";

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

/** The terrain names' boxes (inches, y down): figure labels keep off them. */
function terrainBoxes(s) {
  if (s.terrain) return s.terrain;
  const out = [];
  for (const node of s.svg.querySelectorAll(".terrain-name")) {
    try {
      const b = node.getBBox();
      if (b.width > 0) out.push({ x1: b.x, x2: b.x + b.width, y1: b.y, y2: b.y + b.height });
    } catch {
      // not laid out (no layout yet): no obstacle
    }
  }
  if (out.length) s.terrain = out;
  return out;
}

/** Move the names and HP so that none runs off the table or into another (layoutLabels);
 * the board shows them from then on (class ``labelled``). ``elementOf(fig)``: its group. */
export function placeLabels(s, figures, elementOf) {
  const items = figures.map((fig) => {
    const g = elementOf(fig);
    const label = g.querySelector(".label");
    const hp = g.querySelector(".hp");
    return {
      name: fig.name,
      x: fig.position[0],
      y: s.height - fig.position[1],
      out: !!fig.out,
      nodes: [label, hp],
      widths: [textWidth(label, LABEL_SIZE.label, true), textWidth(hp, LABEL_SIZE.hp, false)],
    };
  });
  const spots = layoutLabels(items, { width: s.width, height: s.height }, terrainBoxes(s));
  for (const item of items) {
    spots.get(item.name).forEach((box, i) => {
      item.nodes[i].setAttribute("x", round(box.x - item.x));
      item.nodes[i].setAttribute("y", round(box.y - item.y));
    });
  }
  s.svg.classList.add("labelled");
}
