// Draws any board from the rules facts (/api/rules): each cell has a place (row, col) on a grid
// and a block. Square cells are drawn on the grid, with a gap where neighbouring places belong to
// different blocks (the cube's layers as the quadrants of an a1–h8 board, the tesseract's 3x3
// slices); hexagons as regular hexagons on their staggered layout. Nothing here knows a
// geometry: a board of two linked halves side by side is two blocks. Margin labels come from the
// cell names themselves (file letters, rank digits), so they always match the move notation.
// Pieces are <use> references to the symbols of pieces.js, grouped per cell so that a stack of
// several checkers on one cell draws as a stack.
"use strict";

import { symbols, symbolId } from "./pieces.js";

export const S = 40; // one square cell
const GAP = 12; // between blocks
const M = 18; // label margin
const HEX_A = 24; // hexagon circumradius
const NS = "http://www.w3.org/2000/svg";

/// Splits a cell name into its board prefix, file letters and rank digits ("Le4" → L, e, 4).
export function splitName(name) {
  const m = /^([A-Z]*)([a-z]+)(\d+)$/.exec(name);
  return m ? { prefix: m[1], file: m[1] + m[2], rank: m[3] } : { prefix: "", file: name, rank: "" };
}

/// The board with its regions (linked boards) one above the other instead of side by side, the
/// highest region on top: for narrow screens.
function stackRegions(board) {
  const n = board.regions?.length ?? 0;
  if (n < 2 || board.hexagons) return board;
  const box = [];
  for (let r = 0; r < n; r++) {
    const cs = board.cells.filter((c) => c.region === r);
    box.push({ row: Math.min(...cs.map((c) => c.row)), col: Math.min(...cs.map((c) => c.col)),
      rows: Math.max(...cs.map((c) => c.row)) - Math.min(...cs.map((c) => c.row)) + 1,
      cols: Math.max(...cs.map((c) => c.col)) - Math.min(...cs.map((c) => c.col)) + 1 });
  }
  const offset = [];
  let y = 0;
  for (let r = n - 1; r >= 0; r--) { offset[r] = y; y += box[r].rows; }
  const cells = board.cells.map((c) => ({ ...c, row: c.row - box[c.region].row + offset[c.region], col: c.col - box[c.region].col }));
  return { ...board, cells, rows: y, cols: Math.max(...box.map((b) => b.cols)), stacked: true };
}

/// One layer of a layered board (Doseki's `E`) on a grid of its own, the other cells placed
/// nowhere: a phone's view of one layer at a size a finger can hit.
function zoomLayer(board, layer) {
  const block = [...blockNames(board)].find(([, p]) => p === layer)?.[0];
  if (block === undefined) return board;
  const mine = board.cells.filter((c) => c.block === block);
  const row0 = Math.min(...mine.map((c) => c.row));
  const col0 = Math.min(...mine.map((c) => c.col));
  const cells = board.cells.map((c) => (c.block === block ? { ...c, row: c.row - row0, col: c.col - col0 } : { ...c, hidden: true }));
  return { ...board, cells, rows: Math.max(...mine.map((c) => c.row)) - row0 + 1, cols: Math.max(...mine.map((c) => c.col)) - col0 + 1, zoomed: layer };
}

/// The layers of a layered board (Doseki's `A`–`I`) in block order, each with the layers it
/// touches (the layer above and below): [{ layer, block, near: Set(layer) }]; empty otherwise.
export function layersOf(board) {
  const names = blockNames(board);
  const near = new Map([...names.keys()].map((b) => [b, new Set()]));
  for (const c of board.cells) for (const o of c.across || []) near.get(c.block)?.add(names.get(board.cells[o].block));
  return [...names].sort((a, b) => a[0] - b[0]).map(([block, layer]) => ({ layer, block, near: near.get(block) }));
}

/// Where every cell is drawn: centre, size and outline; and the margin labels. `stacked` puts
/// linked boards one above the other; `zoom` (a layer's name) draws that layer alone, every
/// other cell without a place (null).
export function layout(board, flipped, { margins = true, stacked = false, zoom = null } = {}) {
  if (stacked) board = stackRegions(board);
  if (zoom) board = zoomLayer(board, zoom);
  const cells = board.cells;
  const rowOf = (c) => (flipped ? board.rows - 1 - c.row : c.row);
  const colOf = (c) => (flipped ? board.cols - 1 - c.col : c.col);
  const m = margins ? M : 2;
  const places = [];
  let width;
  let height;
  if (board.hexagons) {
    const a = HEX_A;
    const h = (Math.sqrt(3) / 2) * a;
    for (const c of cells) places.push({ x: m + a + colOf(c) * 1.5 * a, y: h + rowOf(c) * h + 2 });
    width = m * 2 + 2 * a + (board.cols - 1) * 1.5 * a;
    height = 2 * h + (board.rows - 1) * h + m + 4;
  } else {
    // Linked boards are titled with their region names above them, layers with their letters.
    const layered = blockNames(board).size > 0;
    const top = layered ? 26 : (board.regions?.length ?? 0) > 1 && !board.stacked ? 16 : 2;
    const shown = cells.filter((c) => !c.hidden);
    // A gap after a displayed column (row) where neighbours across it lie in different blocks.
    const gapCol = new Array(board.cols).fill(0);
    const gapRow = new Array(board.rows).fill(0);
    const at = new Map(cells.map((c, i) => [`${rowOf(c)},${colOf(c)}`, i]).filter(([, i]) => !cells[i].hidden));
    for (const c of shown) {
      const r = rowOf(c);
      const k = colOf(c);
      const right = at.get(`${r},${k + 1}`);
      if (right !== undefined && cells[right].block !== c.block) gapCol[k] = 1;
      const below = at.get(`${r + 1},${k}`);
      if (below !== undefined && cells[below].block !== c.block) gapRow[r] = 1;
    }
    const offs = (gaps) => gaps.reduce((acc, g, i) => (acc.push((acc[i] || 0) + g * GAP), acc), [0]);
    const gx = offs(gapCol);
    const gy = offs(gapRow);
    for (const c of cells) {
      const k = colOf(c);
      const r = rowOf(c);
      places.push(c.hidden ? null : { x: m + k * S + gx[k] + S / 2, y: top + r * S + gy[r] + S / 2 });
    }
    width = m + board.cols * S + gx[board.cols] + 4;
    height = top + board.rows * S + gy[board.rows] + m;
  }
  return { places, width, height, hex: board.hexagons, labels: margins ? labels(board, places) : [], titles: titles(board, places),
    stacked: !!board.stacked, zoomed: board.zoomed ?? null };
}

/// The board prefix of each block whose cells all share one (Doseki's layers `A`–`I`), when
/// several blocks of one region have different prefixes: block → prefix.
function blockNames(board) {
  const names = new Map();
  if ((board.regions?.length ?? 0) > 1 || board.hexagons) return names;
  for (const c of board.cells) {
    const p = splitName(c.name).prefix;
    if (!p || (names.has(c.block) && names.get(c.block) !== p)) return new Map();
    names.set(c.block, p);
  }
  return new Set(names.values()).size > 1 ? names : new Map();
}

/// The name of each region (linked board) centred above its cells, when there are several; on
/// layered boards each layer's letter above it.
function titles(board, places) {
  const centred = (ps, text, extra) => {
    const xs = ps.map((p) => p.x);
    return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: Math.min(...ps.map((p) => p.y)) - S / 2 - 4, text, ...extra };
  };
  const layers = blockNames(board);
  if (layers.size) {
    return [...layers].map(([b, text]) => {
      const ps = places.filter((p, i) => p && board.cells[i].block === b);
      return ps.length ? centred(ps, text, { layer: text }) : null;
    }).filter(Boolean);
  }
  if ((board.regions?.length ?? 0) < 2 || board.hexagons || board.stacked) return [];
  return board.regions.map((text, r) => {
    const ps = places.filter((_, i) => board.cells[i].region === r);
    return ps.length ? centred(ps, text, { region: r }) : null;
  }).filter(Boolean);
}

/// Margin labels derived from cell names: a file label under every column whose cells share a
/// file, a rank label left of every row whose cells share a rank; on hexagons ranks beside the
/// outer files.
function labels(board, places) {
  const out = [];
  const cells = board.cells;
  const byX = new Map();
  const byY = new Map();
  cells.forEach((c, i) => {
    if (!places[i]) return;
    const key = (v) => Math.round(v);
    const x = key(places[i].x);
    const y = key(places[i].y);
    (byX.get(x) || byX.set(x, []).get(x)).push(i);
    (byY.get(y) || byY.set(y, []).get(y)).push(i);
  });
  const placed = places.filter(Boolean);
  const bottom = Math.max(...placed.map((p) => p.y)) + (board.hexagons ? HEX_A * 0.87 : S / 2);
  for (const [x, list] of byX) {
    // Linked boards' files are labelled by their letters (the boards say which is which).
    const files = new Set(list.map((i) => { const n = splitName(cells[i].name); return n.file.slice(n.prefix.length); }));
    if (files.size === 1) out.push({ x, y: bottom + 12, text: [...files][0], anchor: "middle" });
  }
  if (board.hexagons) {
    const xs = [...byX.keys()].sort((a, b) => a - b);
    for (const [x, side] of [[xs[0], -1], [xs[xs.length - 1], 1]]) {
      for (const i of byX.get(x)) {
        out.push({ x: x + side * (HEX_A + 4), y: places[i].y + 3.5, text: splitName(cells[i].name).rank, anchor: side < 0 ? "end" : "start" });
      }
    }
    return out;
  }
  const left = Math.min(...placed.map((p) => p.x)) - S / 2;
  for (const [y, list] of byY) {
    // Boards one above the other: each rank names its board (L4, U4).
    const ranks = new Set(list.map((i) => { const n = splitName(cells[i].name); return board.stacked ? n.prefix + n.rank : n.rank; }));
    if (ranks.size === 1) out.push({ x: left - 4, y: y + 4, text: [...ranks][0], anchor: "end" });
  }
  return out;
}

function hexPoints(cx, cy, a) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const t = (Math.PI / 3) * i;
    pts.push(`${(cx + a * Math.cos(t)).toFixed(1)},${(cy + a * Math.sin(t)).toFixed(1)}`);
  }
  return pts.join(" ");
}

const HEX_FILLS = ["var(--light)", "var(--mid)", "var(--dark)"];

/// The colour of a cell: chequered by place on square grids (each linked board from its own
/// corner, so that equal names have equal colours), three colours on hexagons.
function fill(board, c, origin) {
  if (board.hexagons) {
    const r = (c.row - c.col) / 2;
    return HEX_FILLS[(((c.col - r) % 3) + 3) % 3];
  }
  const o = origin[c.region ?? 0] || 0;
  return (c.row + c.col - o) % 2 === 0 ? "var(--light)" : "var(--dark)";
}

/// Per region, the offset of its first column and row (0 with one region).
function origins(board) {
  const out = [];
  if ((board.regions?.length ?? 0) < 2) return out;
  board.regions.forEach((_, r) => {
    const cs = board.cells.filter((c) => c.region === r);
    out[r] = Math.min(...cs.map((c) => c.col)) + Math.min(...cs.map((c) => c.row));
  });
  return out;
}

/// The outline of a cell as SVG markup with the given attributes.
function shape(lay, i, attrs) {
  const p = lay.places[i];
  if (!p) return "";
  if (lay.hex) return `<polygon points="${hexPoints(p.x, p.y, HEX_A)}" ${attrs}/>`;
  return `<rect x="${p.x - S / 2}" y="${p.y - S / 2}" width="${S}" height="${S}" ${attrs}/>`;
}

function cellRadius(lay) {
  return lay.hex ? HEX_A * 0.86 : S / 2;
}

/// Draws a board into `svg`.
/// view: { facts, pieces: [{cell, kind, color}], flipped, style, names, selected, targets: Set,
///   last: {from, to, extra}, check: Set, premove: {from, to}, path: [cells], marks: Map(cell → mark),
///   zone: Set, hidden: cell | null, linked: Set (cells linked to the one pointed at),
///   mover: colour (a target holding a piece of this colour is a merge),
///   games of group pieces: moving: Map(cell → checkers chosen to move), shapes: [[cells]] (a
///   destination's whole translated shape), groupLabel: kind → the name written on a group;
///   pieces then carry `count` (checkers) and `group` (cells of one group share it) }
export function draw(svg, view) {
  const { facts, flipped } = view;
  const board = facts.board;
  const lay = layout(board, flipped, { margins: view.margins !== false, stacked: !!view.stacked, zoom: view.zoom });
  let html = cellsMarkup(board, lay, view);
  // One layer shown large: the layers next to it (above and below) drawn small under it, lit
  // as the board is, their cells pressed as any.
  if (lay.zoomed) {
    const near = [...(layersOf(board).find((l) => l.layer === lay.zoomed)?.near || [])];
    const w = lay.width / 2;
    let h = 0;
    near.forEach((layer, k) => {
      const l2 = layout(board, flipped, { margins: false, zoom: layer });
      const scale = (w - GAP / 2) / l2.width;
      const x = near.length === 1 ? w / 2 : k * w + (k ? GAP / 2 : 0);
      h = Math.max(h, l2.height * scale);
      html += `<svg class="near-layer" x="${x.toFixed(1)}" y="${lay.height.toFixed(1)}" width="${(l2.width * scale).toFixed(1)}" height="${(l2.height * scale).toFixed(1)}" viewBox="0 0 ${l2.width.toFixed(1)} ${l2.height.toFixed(1)}">${cellsMarkup(board, l2, view)}</svg>`;
    });
    lay.height += h;
  }
  svg.setAttribute("viewBox", `0 0 ${lay.width.toFixed(1)} ${lay.height.toFixed(1)}`);
  svg.classList.add("board");
  svg.classList.toggle("hex", !!lay.hex);
  // The pictures (<symbol>) of the pieces on the board only, each added when its kind first
  // appears: drawing every kind's is most of a first draw's script time in games of many kinds.
  const symKey = `${facts.id}|${facts.options.join(",")}|${view.style}`;
  if (svg.dataset.symbols !== symKey || !svg.querySelector("defs")) {
    svg.innerHTML = `<defs></defs><g class="layer"></g>`;
    svg.dataset.symbols = symKey;
    svg.drawnSymbols = new Set();
  }
  const missing = new Map();
  for (const p of view.pieces) {
    const id = symbolId(p.kind, p.color);
    if (!svg.drawnSymbols.has(id)) missing.set(id, p);
  }
  if (missing.size) {
    svg.querySelector("defs").insertAdjacentHTML("beforeend", symbols(facts, view.style, [...missing.values()]));
    for (const id of missing.keys()) svg.drawnSymbols.add(id);
  }
  svg.querySelector("g.layer").innerHTML = html;
  return lay;
}

/// The markup of the cells `lay` places, with everything drawn on them (see `draw`).
function cellsMarkup(board, lay, view) {
  const out = [];
  const origin = origins(board);
  board.cells.forEach((c, i) => {
    out.push(shape(lay, i, `class="cell" data-cell="${c.name}" data-index="${i}" fill="${fill(board, c, origin)}"`));
  });
  const overlay = (set, cls) => { for (const i of set) out.push(shape(lay, i, `class="${cls}" pointer-events="none"`)); };
  if (view.zone) overlay(view.zone, "hl-zone");
  if (view.last) overlay([view.last.from, view.last.to, view.last.extra, ...(view.last.cells || [])].filter((x) => x !== null && x !== undefined), "hl-last");
  if (view.premove) overlay([view.premove.from, view.premove.to], "hl-premove");
  if (view.selected !== null && view.selected !== undefined) overlay([view.selected], "hl-from");
  if (view.moving) overlay(view.moving.keys(), "hl-from");
  if (view.check) overlay(view.check, "hl-check");
  if (view.linked) overlay(view.linked, "hl-link");
  if (view.names) {
    board.cells.forEach((c, i) => {
      const p = lay.places[i];
      if (!p) return;
      const dy = lay.hex ? HEX_A * 0.62 : S / 2 - 3;
      out.push(`<text class="cell-name" x="${p.x.toFixed(1)}" y="${(p.y + dy).toFixed(1)}" text-anchor="middle">${c.name}</text>`);
    });
  }
  for (const l of lay.labels) {
    out.push(`<text class="label" x="${l.x.toFixed(1)}" y="${l.y.toFixed(1)}" text-anchor="${l.anchor}">${l.text}</text>`);
  }
  for (const l of lay.titles) {
    const data = l.layer ? `data-layer="${l.layer}"` : `data-region="${l.region}"`;
    out.push(`<text class="region-title" x="${l.x.toFixed(1)}" y="${l.y.toFixed(1)}" text-anchor="middle" ${data}>${l.text}</text>`);
  }
  if (view.path && view.path.filter((i) => lay.places[i]).length > 1) {
    const pts = view.path.filter((i) => lay.places[i]).map((i) => `${lay.places[i].x.toFixed(1)},${lay.places[i].y.toFixed(1)}`).join(" ");
    out.push(`<polyline class="chain-path" points="${pts}" pointer-events="none"/>`);
  }
  // Pieces, grouped per cell: one piece is drawn whole, a stack as offset discs.
  const byCell = new Map();
  // A cell of several checkers of one kind (Nomino's doubles) is a stack of that many.
  for (const p of view.pieces) for (let k = 0; k < (p.count || 1); k++) (byCell.get(p.cell) || byCell.set(p.cell, []).get(p.cell)).push(p);
  const size = lay.hex ? HEX_A * 1.72 : S;
  for (const [cell, stack] of byCell) {
    const p = lay.places[cell];
    if (cell === view.hidden || !p) continue;
    out.push(pieceUse(stack, p.x, p.y, size, board.cells[cell].name));
  }
  if (!lay.hex) out.push(groupOutlines(lay, view));
  // Part of a cell's checkers chosen to move (a split of a double): how many.
  for (const [c, k] of view.moving || []) {
    const p = view.pieces.find((x) => x.cell === c);
    const q = lay.places[c];
    if (!p || !q || (p.count || 1) <= k) continue;
    out.push(`<text class="moving-count" x="${(q.x - S * 0.36).toFixed(1)}" y="${(q.y + S * 0.4).toFixed(1)}" pointer-events="none">${k}</text>`);
  }
  if (view.shapes) {
    for (const cells of view.shapes) out.push(outline(lay, cells, `class="shape-line" pointer-events="none"`));
  }
  if (view.marks) {
    for (const [i, mark] of view.marks) out.push(markSvg(lay, i, mark));
  }
  if (view.targets) {
    const occupied = new Map(view.pieces.map((p) => [p.cell, p.color]));
    const r = cellRadius(lay);
    for (const t of view.targets) {
      const p = lay.places[t];
      if (!p) continue;
      const name = board.cells[t].name;
      // Onto one's own piece: a merge (Pyramids' amalgamation), drawn apart from a capture.
      if (view.mover && occupied.get(t) === view.mover) {
        const x = p.x.toFixed(1);
        const y = p.y.toFixed(1);
        const s = r * 0.22;
        out.push(`<g class="target merge" data-target="${name}" pointer-events="none"><circle cx="${x}" cy="${y}" r="${(r * 0.86).toFixed(1)}"/>`
          + `<path d="M${p.x - s},${p.y - r * 0.62}h${2 * s}M${p.x},${p.y - r * 0.62 - s}v${2 * s}"/></g>`);
        continue;
      }
      out.push(occupied.has(t)
        ? `<circle class="target capture" cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="${(r * 0.9).toFixed(1)}" data-target="${name}" pointer-events="none"/>`
        : `<circle class="target" cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="${(r * 0.3).toFixed(1)}" data-target="${name}" pointer-events="none"/>`);
    }
  }
  return out.join("");
}

/// The outline of a set of square cells as one SVG path: every cell edge whose neighbour across
/// it (as drawn: a cell of another layer is no neighbour) is not in the set.
function outline(lay, cells, attrs) {
  const set = new Set(cells);
  const at = placeIndex(lay);
  const h = S / 2;
  const d = [];
  for (const i of set) {
    if (!lay.places[i]) continue;
    const { x, y } = lay.places[i];
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      if (set.has(at.get(`${Math.round(x + dx * S)},${Math.round(y + dy * S)}`))) continue;
      // The edge on that side, from one corner to the other.
      const [x1, y1, x2, y2] = dx ? [x + dx * h, y - h, x + dx * h, y + h] : [x - h, y + dy * h, x + h, y + dy * h];
      d.push(`M${x1.toFixed(1)},${y1.toFixed(1)}L${x2.toFixed(1)},${y2.toFixed(1)}`);
    }
  }
  return `<path d="${d.join("")}" ${attrs}/>`;
}

function placeIndex(lay) {
  if (!lay.at) lay.at = new Map(lay.places.flatMap((p, i) => (p ? [[`${Math.round(p.x)},${Math.round(p.y)}`, i]] : [])));
  return lay.at;
}

/// Games of group pieces: each group of checkers (pieces sharing a `group` number) outlined in
/// its side's colour and, unless it is a lone pawn, named on its top-left cell as drawn (a group
/// reaching into other layers is outlined and named on each).
function groupOutlines(lay, view) {
  const groups = new Map();
  for (const p of view.pieces) {
    if (p.group === undefined || p.cell === view.hidden) continue;
    const key = `${p.color}:${p.group}`;
    (groups.get(key) || groups.set(key, { color: p.color, kind: p.kind, cells: [] }).get(key)).cells.push(p.cell);
  }
  const out = [];
  const label = view.groupLabel || ((k) => view.facts.kinds[k].name);
  for (const [key, g] of groups) {
    if (!g.cells.some((c) => lay.places[c])) continue; // in a layer not shown
    out.push(outline(lay, g.cells, `class="group-line ${g.color}" data-group="${key}" pointer-events="none"`));
    if (view.facts.kinds[g.kind].pawn) continue;
    // One name per layer the group touches: on its top-left cell there.
    const blocks = new Map();
    for (const c of g.cells) {
      const b = view.facts.board.cells[c].block;
      const p = lay.places[c];
      if (!p) continue;
      const best = blocks.get(b);
      if (!best || p.y < best.y || (p.y === best.y && p.x < best.x)) blocks.set(b, p);
    }
    for (const p of blocks.values()) {
      out.push(`<text class="group-name" x="${(p.x - S / 2 + 2).toFixed(1)}" y="${(p.y - S / 2 + 8).toFixed(1)}" data-group-name="${key}">${escapeXml(label(g.kind))}</text>`);
    }
  }
  return out.join("");
}

function escapeXml(s) {
  return String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch]));
}

/// A piece (or a stack: bottom first) centred on (x, y).
export function pieceUse(stack, x, y, size, cellName = "") {
  const top = stack[stack.length - 1];
  const parts = [];
  const lift = size * 0.07;
  stack.forEach((p, i) => {
    const dy = (stack.length - 1 - i) * lift;
    parts.push(`<use href="#${symbolId(p.kind, p.color)}" x="${(x - size / 2).toFixed(1)}" y="${(y - size / 2 + dy - (stack.length - 1) * lift / 2).toFixed(1)}" width="${size}" height="${size}"/>`);
  });
  const badge = stack.length > 1
    ? `<text class="stack-count" x="${(x + size * 0.36).toFixed(1)}" y="${(y - size * 0.28).toFixed(1)}">${stack.length}</text>` : "";
  return `<g class="piece" data-piece="${top.color}:${top.kind}" data-at="${cellName}" pointer-events="none">${parts.join("")}${badge}</g>`;
}

/// A diagram mark on a cell: `both` (moves or captures) a filled dot, `move` a hollow ring,
/// `capture` a cross, `land` a diamond; `initial` / `unchecked` framed dotted / dashed.
function markSvg(lay, i, mark) {
  const p = lay.places[i];
  if (!p) return "";
  const r = cellRadius(lay);
  const x = p.x.toFixed(1);
  const y = p.y.toFixed(1);
  const parts = [];
  const s = r * 0.34;
  switch (mark.type) {
    case "move": parts.push(`<circle cx="${x}" cy="${y}" r="${(r * 0.3).toFixed(1)}" class="mk mk-move"/>`); break;
    case "capture": parts.push(`<path d="M${p.x - s},${p.y - s}L${p.x + s},${p.y + s}M${p.x - s},${p.y + s}L${p.x + s},${p.y - s}" class="mk mk-capture"/>`); break;
    case "land": parts.push(`<path d="M${p.x},${p.y - s * 1.2}L${p.x + s * 1.2},${p.y}L${p.x},${p.y + s * 1.2}L${p.x - s * 1.2},${p.y}Z" class="mk mk-land"/>`); break;
    default: parts.push(`<circle cx="${x}" cy="${y}" r="${(r * 0.3).toFixed(1)}" class="mk mk-both"/>`);
  }
  if (mark.initial) parts.push(`<circle cx="${x}" cy="${y}" r="${(r * 0.62).toFixed(1)}" class="mk-frame mk-initial"/>`);
  if (mark.unchecked) parts.push(`<rect x="${(p.x - r * 0.62).toFixed(1)}" y="${(p.y - r * 0.62).toFixed(1)}" width="${(r * 1.24).toFixed(1)}" height="${(r * 1.24).toFixed(1)}" class="mk-frame mk-unchecked"/>`);
  return `<g pointer-events="none" data-mark="${mark.type}">${parts.join("")}</g>`;
}

/// The marks of a kind's move diagram (from /api/rules), for `draw`'s `marks`.
export function diagramMarks(diagram) {
  const marks = new Map();
  const moves = new Set(diagram.moves);
  const caps = new Set(diagram.captures);
  const initial = new Set(diagram.initial);
  const unchecked = new Set(diagram.unchecked);
  const pieces = [];
  if (diagram.jumps.length) {
    // Draughts-style: show every enemy that can be taken and where the piece lands. When a
    // long jump has several landings, one example (the first enemy two cells away) is drawn.
    const short = diagram.jumps.every((j) => j.land.length === 1);
    const shown = short ? diagram.jumps : [diagram.jumps.find((j) => j.land.length > 1) || diagram.jumps[0]];
    for (const j of shown) {
      marks.set(j.over, { type: "capture" });
      for (const l of j.land) marks.set(l, { type: "land" });
    }
    for (const c of moves) if (!marks.has(c)) marks.set(c, { type: "move" });
    if (!short) pieces.push({ cell: shown[0].over, enemy: true });
  } else {
    for (const c of new Set([...moves, ...caps])) {
      const type = moves.has(c) && caps.has(c) ? "both" : moves.has(c) ? "move" : "capture";
      marks.set(c, { type, initial: initial.has(c), unchecked: unchecked.has(c) });
    }
  }
  return { marks, enemies: pieces };
}

/// Highlights `cells` (the cells linked to the one pointed at) over a drawn board without
/// redrawing it; an empty list clears them.
export function markLinked(svg, lay, cells) {
  const layer = svg.querySelector("g.layer");
  if (!layer || !lay) return;
  for (const e of layer.querySelectorAll(".hl-link.hover")) e.remove();
  const html = cells.map((i) => shape(lay, i, 'class="hl-link hover" pointer-events="none"')).join("");
  // Under the pieces: just before the first piece group, else at the end.
  const first = layer.querySelector("g.piece");
  if (first) first.insertAdjacentHTML("beforebegin", html);
  else layer.insertAdjacentHTML("beforeend", html);
}

/// Outlines `cells` (a destination's whole translated shape, under the pointer) over a drawn
/// board without redrawing it; an empty list clears it.
export function markShape(svg, lay, cells) {
  const layer = svg.querySelector("g.layer");
  if (!layer || !lay) return;
  for (const e of layer.querySelectorAll(".shape-line.hover")) e.remove();
  if (cells.length) layer.insertAdjacentHTML("beforeend", outline(lay, cells, 'class="shape-line hover" pointer-events="none"'));
}

/// The cell index under a client point, if any.
export function cellAt(clientX, clientY) {
  const e = document.elementFromPoint(clientX, clientY);
  const r = e && e.closest && e.closest("[data-index]");
  return r ? Number(r.dataset.index) : null;
}

/// SVG user coordinates of a client point.
export function toSvg(svg, clientX, clientY) {
  const pt = svg.createSVGPoint();
  pt.x = clientX;
  pt.y = clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

/// Slides the piece now drawn on `to` from where `from` is drawn (Web Animations; no-op if
/// the piece is not found), `elapsed` ms into the slide.
export function animate(svg, lay, from, to, ms = 160, elapsed = 0) {
  const name = svg.querySelector(`[data-index="${to}"]`)?.dataset.cell;
  const g = name && svg.querySelector(`g.piece[data-at="${name}"]`);
  if (!g || !g.animate) return;
  const a = lay.places[from];
  const b = lay.places[to];
  if (!a || !b) return;
  const anim = g.animate([{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)` }, { transform: "translate(0, 0)" }],
    { duration: ms, easing: "ease-out" });
  anim.currentTime = elapsed;
}

/// Slides the piece now drawn on `to` in from where `from` is drawn after `delay` ms (a capture's
/// cascade onto a linked cell, after the capture's own slide).
export function animateFrom(svg, lay, from, to, ms, delay) {
  const name = svg.querySelector(`[data-index="${to}"]`)?.dataset.cell;
  const g = name && svg.querySelector(`g.piece[data-at="${name}"]`);
  if (!g || !g.animate) return;
  const a = lay.places[from];
  const b = lay.places[to];
  if (!a || !b) return;
  g.animate([{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)` }, { transform: "translate(0, 0)" }],
    { duration: ms, delay, easing: "ease-in-out", fill: "backwards" });
}

export function svgEl(name) {
  return document.createElementNS(NS, name);
}
