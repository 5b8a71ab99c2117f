// The table being made, as data: its pieces' shapes and the scenario file it is written as.
//
// Pure functions of the editor's model (no page, no server): a new table, piece, figure or
// opening; moving, turning and resizing a piece; the changes to undo and redo; and the TOML of
// docs/table.md ("Scenario files") — written, and read back from the table the server checked,
// so that a saved table opens again as it was.

export const snap = (v) => Math.round(v * 2) / 2;
export const round6 = (v) => Math.round(v * 1e6) / 1e6;
export const fmt = (v) => String(round6(v) + 0);

export function corners(piece) {
  if (piece.rect) {
    const [x, y, w, h] = piece.rect;
    return [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
  }
  return piece.outline;
}

export function bounds(points) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export function openingEnds(piece, opening) {
  if (!opening.side) return [opening.a, opening.b];
  const [x, y, w, h] = piece.rect;
  const s = opening.at;
  const e = opening.at + opening.width;
  return {
    south: [[x + s, y], [x + e, y]],
    north: [[x + s, y + h], [x + e, y + h]],
    west: [[x, y + s], [x, y + e]],
    east: [[x + w, y + s], [x + w, y + e]],
  }[opening.side];
}

/** A piece's size when placed (inches: width, height), by kind; others 2" square. */
const SIZES = {
  building: [6, 4], wall: [4, 0.5], stone_wall: [4, 1], fence: [4, 0.5], rocks: [3, 2],
  trench: [4, 1], table: [1.5, 1.5], counter: [3, 1], trough: [2, 1], barrel: [1.5, 1.5],
  wagon: [2, 4], rough: [4, 3], river: [8, 2], water: [4, 3],
};

/** A new table: two figures armed with ``weapon`` on an empty 24" square. */
export function freshModel(weapon) {
  return {
    meta: {
      title: "My table", title_de: "Mein Tisch",
      description: "", description_de: "", width: 24, height: 24, seats: 2, teams: null,
      round_limit: 0,
    },
    pieces: [],
    figures: [
      { id: "f1", name: "A1", seat: 0, weapon, position: [2, 2], extra: {} },
      { id: "f2", name: "B1", seat: 1, weapon, position: [22, 22], extra: {} },
    ],
  };
}

/** A table point kept on the table of ``meta``. */
export function inside(meta, [x, y]) {
  return [Math.min(meta.width, Math.max(0, x)), Math.min(meta.height, Math.max(0, y))];
}

/** A new piece of ``kind`` around [x, y] (its size by kind, kept on the table), named by
 * ``kindName`` and its count (a building: in both languages, with a door); ``id``: its id. */
export function newPiece(model, kind, [x, y], kindName, id) {
  const [w0, h0] = SIZES[kind] || [2, 2];
  const w = Math.min(w0, model.meta.width);
  const h = Math.min(h0, model.meta.height);
  const left = Math.min(Math.max(0, snap(x - w / 2)), model.meta.width - w);
  const bottom = Math.min(Math.max(0, snap(y - h / 2)), model.meta.height - h);
  const count = model.pieces.filter((p) => p.kind === kind).length + 1;
  const piece = {
    id, kind, name: `${kindName} ${count}`, name_de: "",
    changed: {}, rect: [left, bottom, w, h], outline: null, openings: [],
  };
  if (kind === "building") {
    piece.name = `Building ${count}`;
    piece.name_de = `Gebäude ${count}`;
    piece.openings.push({ kind: "door", side: "south", at: 0.5, width: 1.5 });
  }
  return piece;
}

/** A new figure of ``seat`` at [x, y], named by its side's letter and the first free number. */
export function newFigure(model, seat, [x, y], weapon, id) {
  const letter = String.fromCharCode(65 + seat);
  let n = 1;
  while (model.figures.some((f) => f.name === `${letter}${n}`)) n += 1;
  return { id, name: `${letter}${n}`, seat, weapon, position: [x, y], extra: {} };
}

/** A door or window (``kind``) added to a building: on its south side, or its first wall. */
export function addOpening(piece, kind) {
  if (piece.rect) piece.openings.push({ kind, side: "south", at: 0.5, width: 1.5 });
  else {
    const [a, b] = [piece.outline[0], piece.outline[1]];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const s = Math.min(1, 1.5 / length);
    piece.openings.push({ kind, a, b: [round6(a[0] + (b[0] - a[0]) * s), round6(a[1] + (b[1] - a[1]) * s)] });
  }
}

export function movePiece(piece, dx, dy) {
  if (piece.rect) {
    piece.rect = [piece.rect[0] + dx, piece.rect[1] + dy, piece.rect[2], piece.rect[3]];
  } else {
    piece.outline = piece.outline.map(([x, y]) => [round6(x + dx), round6(y + dy)]);
    piece.openings = piece.openings.map((o) =>
      o.side ? o : { ...o, a: [round6(o.a[0] + dx), round6(o.a[1] + dy)], b: [round6(o.b[0] + dx), round6(o.b[1] + dy)] });
  }
}

export function rotatePiece(piece, degrees) {
  const points = corners(piece);
  const [x0, y0, x1, y1] = bounds(points);
  const cx = snap((x0 + x1) / 2);
  const cy = snap((y0 + y1) / 2);
  const a = (degrees * Math.PI) / 180;
  const turn = ([x, y]) => [
    round6(cx + (x - cx) * Math.cos(a) - (y - cy) * Math.sin(a)),
    round6(cy + (x - cx) * Math.sin(a) + (y - cy) * Math.cos(a)),
  ];
  const openings = piece.openings.map((o) => {
    const [pa, pb] = openingEnds(piece, o);
    return { kind: o.kind, a: turn(pa), b: turn(pb) };
  });
  piece.outline = points.map(turn);
  piece.rect = null;
  piece.openings = openings;
}

export function resizePiece(piece, dw, dh) {
  if (piece.rect) {
    const [x, y, w, h] = piece.rect;
    piece.rect = [x, y, Math.max(0.5, snap(w + dw)), Math.max(0.5, snap(h + dh))];
    return;
  }
  const [x0, y0, x1, y1] = bounds(piece.outline);
  const sx = Math.max(0.5, x1 - x0 + dw) / Math.max(x1 - x0, 1e-9);
  const sy = Math.max(0.5, y1 - y0 + dh) / Math.max(y1 - y0, 1e-9);
  const scale = ([x, y]) => [round6(x0 + (x - x0) * sx), round6(y0 + (y - y0) * sy)];
  piece.outline = piece.outline.map(scale);
  piece.openings = piece.openings.map((o) => (o.side ? o : { ...o, a: scale(o.a), b: scale(o.b) }));
}

// -- undo and redo --------------------------------------------------------------------

const KEPT = 200; // changes kept to undo

function step(from, to, now) {
  if (!from.length) return null;
  to.push(now);
  return JSON.parse(from.pop());
}

/** The changes to undo (``back``) and redo (``ahead``): snapshots of the model (its JSON). */
export class History {
  constructor() {
    this.back = [];
    this.ahead = [];
  }

  /** A change from ``before`` to ``now`` (snapshots): kept, unless it changed nothing (false). */
  record(before, now) {
    if (before === now) return false;
    this.back.push(before);
    if (this.back.length > KEPT) this.back.shift();
    this.ahead = [];
    return true;
  }

  /** The model before the last change (``now`` kept to redo); null: nothing to undo. */
  undo(now) {
    return step(this.back, this.ahead, now);
  }

  /** The model of the last change undone (``now`` kept to undo); null: nothing to redo. */
  redo(now) {
    return step(this.ahead, this.back, now);
  }

  /** Forget every change (another table opened). */
  clear() {
    this.back = [];
    this.ahead = [];
  }
}

// -- the scenario file ----------------------------------------------------------------

function str(value) {
  return JSON.stringify(String(value));
}

function pair(p) {
  return `[${fmt(p[0])}, ${fmt(p[1])}]`;
}

/** The table as a scenario file (docs/table.md, "Scenario files"). */
export function toToml(model) {
  const m = model.meta;
  const out = [`title = ${str(m.title)}`, `title_de = ${str(m.title_de || m.title)}`];
  if (m.description) out.push(`description = ${str(m.description)}`);
  if (m.description_de) out.push(`description_de = ${str(m.description_de)}`);
  out.push(`width = ${fmt(m.width)}`, `height = ${fmt(m.height)}`, `seats = ${m.seats}`);
  if (m.teams) out.push(`teams = [${m.teams.join(", ")}]`);
  if (m.round_limit > 0) out.push(`round_limit = ${m.round_limit}`);
  for (const piece of model.pieces) {
    out.push("", "[[terrain]]", `name = ${str(piece.name)}`);
    if (piece.name_de) out.push(`name_de = ${str(piece.name_de)}`);
    out.push(`kind = ${str(piece.kind)}`);
    if (piece.rect) out.push(`rect = [${piece.rect.map(fmt).join(", ")}]`);
    else out.push(`outline = [${piece.outline.map(pair).join(", ")}]`);
    for (const [key, value] of Object.entries(piece.changed || {})) {
      out.push(`${key} = ${typeof value === "string" ? str(value) : String(value)}`);
    }
    if (piece.openings.length) {
      out.push("openings = [");
      for (const o of piece.openings) {
        if (o.side) {
          out.push(`  { kind = ${str(o.kind)}, side = ${str(o.side)}, at = ${fmt(o.at)}, width = ${fmt(o.width)} },`);
        } else {
          out.push(`  { kind = ${str(o.kind)}, a = ${pair(o.a)}, b = ${pair(o.b)} },`);
        }
      }
      out.push("]");
    }
  }
  for (const f of model.figures) {
    out.push("", "[[figures]]", `name = ${str(f.name)}`, `seat = ${f.seat}`,
      `weapon = ${str(f.weapon)}`, `position = ${pair(f.position)}`);
    const x = f.extra || {};
    if (x.hp !== null && x.hp !== undefined) out.push(`hp = ${x.hp}`);
    if (x.hp_max !== null && x.hp_max !== undefined) out.push(`hp_max = ${x.hp_max}`);
    if (x.kind && x.kind !== "cowboy") out.push(`kind = ${str(x.kind)}`);
    if (x.abilities && x.abilities.length) out.push(`abilities = [${x.abilities.map(str).join(", ")}]`);
  }
  return out.join("\n") + "\n";
}

/** The model of a table the server read (``table`` of /api/scenarios/check). */
export function fromTable(table, newId) {
  const defaultTeams = table.teams.every((team, seat) => team === seat);
  const pieces = table.terrain.map((p) => {
    const piece = {
      id: newId("p"), kind: p.kind, name: p.name, name_de: p.name_de || "",
      changed: p.changed || {}, rect: null, outline: p.outline, openings: [],
    };
    const o = p.outline;
    if (o.length === 4) {
      const [x, y] = o[0];
      const w = o[1][0] - x;
      const h = o[2][1] - y;
      if (w > 0 && h > 0 && o[1][1] === y && o[2][0] === x + w && o[3][0] === x && o[3][1] === y + h) {
        piece.rect = [x, y, w, h];
        piece.outline = null;
      }
    }
    piece.openings = p.openings.map((g) => (piece.rect ? sideOf(piece.rect, g) : null) || { kind: g.kind, a: g.a, b: g.b });
    return piece;
  });
  return {
    meta: {
      title: table.title, title_de: table.title_de, description: table.description,
      description_de: table.description_de, width: table.width, height: table.height,
      seats: table.seats, teams: defaultTeams ? null : table.teams, round_limit: table.round_limit || 0,
    },
    pieces,
    figures: table.figures.map((f) => ({
      id: newId("f"), name: f.name, seat: f.seat, weapon: f.weapon, position: f.position,
      extra: { hp: f.hp, hp_max: f.hp_max, kind: f.kind, abilities: f.abilities },
    })),
  };
}

function sideOf([x, y, w, h], g) {
  const [a, b] = [g.a, g.b];
  if (a[1] === y && b[1] === y && b[0] > a[0]) return { kind: g.kind, side: "south", at: a[0] - x, width: b[0] - a[0] };
  if (a[1] === y + h && b[1] === y + h && b[0] > a[0]) return { kind: g.kind, side: "north", at: a[0] - x, width: b[0] - a[0] };
  if (a[0] === x && b[0] === x && b[1] > a[1]) return { kind: g.kind, side: "west", at: a[1] - y, width: b[1] - a[1] };
  if (a[0] === x + w && b[0] === x + w && b[1] > a[1]) return { kind: g.kind, side: "east", at: a[1] - y, width: b[1] - a[1] };
  return null;
}

