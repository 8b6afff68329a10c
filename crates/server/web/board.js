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

/// Where every cell is drawn: centre, size and outline; and the margin labels.
export function layout(board, flipped, { margins = true } = {}) {
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
    // A gap after a displayed column (row) where neighbours across it lie in different blocks.
    const gapCol = new Array(board.cols).fill(0);
    const gapRow = new Array(board.rows).fill(0);
    const at = new Map(cells.map((c, i) => [`${rowOf(c)},${colOf(c)}`, i]));
    for (const c of cells) {
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
      places.push({ x: m + k * S + gx[k] + S / 2, y: 2 + r * S + gy[r] + S / 2 });
    }
    width = m + board.cols * S + gx[board.cols] + 4;
    height = 2 + board.rows * S + gy[board.rows] + m;
  }
  return { places, width, height, hex: board.hexagons, labels: margins ? labels(board, places) : [] };
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
    const key = (v) => Math.round(v);
    const x = key(places[i].x);
    const y = key(places[i].y);
    (byX.get(x) || byX.set(x, []).get(x)).push(i);
    (byY.get(y) || byY.set(y, []).get(y)).push(i);
  });
  const bottom = Math.max(...places.map((p) => p.y)) + (board.hexagons ? HEX_A * 0.87 : S / 2);
  for (const [x, list] of byX) {
    const files = new Set(list.map((i) => splitName(cells[i].name).file));
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
  const left = Math.min(...places.map((p) => p.x)) - S / 2;
  for (const [y, list] of byY) {
    const ranks = new Set(list.map((i) => splitName(cells[i].name).rank));
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

/// The colour of a cell: chequered by place on square grids, three colours on hexagons.
function fill(board, c) {
  if (board.hexagons) {
    const r = (c.row - c.col) / 2;
    return HEX_FILLS[(((c.col - r) % 3) + 3) % 3];
  }
  return (c.row + c.col) % 2 === 0 ? "var(--light)" : "var(--dark)";
}

/// The outline of a cell as SVG markup with the given attributes.
function shape(lay, i, attrs) {
  const p = lay.places[i];
  if (lay.hex) return `<polygon points="${hexPoints(p.x, p.y, HEX_A)}" ${attrs}/>`;
  return `<rect x="${p.x - S / 2}" y="${p.y - S / 2}" width="${S}" height="${S}" ${attrs}/>`;
}

function cellRadius(lay) {
  return lay.hex ? HEX_A * 0.86 : S / 2;
}

/// Draws a board into `svg`.
/// view: { facts, pieces: [{cell, kind, color}], flipped, style, names, selected, targets: Set,
///   last: {from, to}, check: Set, premove: {from, to}, path: [cells], marks: Map(cell → mark),
///   zone: Set, hidden: cell | null }
export function draw(svg, view) {
  const { facts, flipped } = view;
  const board = facts.board;
  const lay = layout(board, flipped, { margins: view.margins !== false });
  svg.setAttribute("viewBox", `0 0 ${lay.width.toFixed(1)} ${lay.height.toFixed(1)}`);
  svg.classList.add("board");
  svg.classList.toggle("hex", !!lay.hex);
  const out = [];
  const symKey = `${facts.id}|${facts.options.join(",")}|${view.style}`;
  if (svg.dataset.symbols !== symKey || !svg.querySelector("defs")) {
    svg.innerHTML = `<defs>${symbols(facts, view.style)}</defs><g class="layer"></g>`;
    svg.dataset.symbols = symKey;
  }
  board.cells.forEach((c, i) => {
    out.push(shape(lay, i, `class="cell" data-cell="${c.name}" data-index="${i}" fill="${fill(board, c)}"`));
  });
  const overlay = (set, cls) => { for (const i of set) out.push(shape(lay, i, `class="${cls}" pointer-events="none"`)); };
  if (view.zone) overlay(view.zone, "hl-zone");
  if (view.last) overlay([view.last.from, view.last.to].filter((x) => x !== null && x !== undefined), "hl-last");
  if (view.premove) overlay([view.premove.from, view.premove.to], "hl-premove");
  if (view.selected !== null && view.selected !== undefined) overlay([view.selected], "hl-from");
  if (view.check) overlay(view.check, "hl-check");
  if (view.names) {
    board.cells.forEach((c, i) => {
      const p = lay.places[i];
      const dy = lay.hex ? HEX_A * 0.62 : S / 2 - 3;
      out.push(`<text class="cell-name" x="${p.x.toFixed(1)}" y="${(p.y + dy).toFixed(1)}" text-anchor="middle">${c.name}</text>`);
    });
  }
  for (const l of lay.labels) {
    out.push(`<text class="label" x="${l.x.toFixed(1)}" y="${l.y.toFixed(1)}" text-anchor="${l.anchor}">${l.text}</text>`);
  }
  if (view.path && view.path.length > 1) {
    const pts = view.path.map((i) => `${lay.places[i].x.toFixed(1)},${lay.places[i].y.toFixed(1)}`).join(" ");
    out.push(`<polyline class="chain-path" points="${pts}" pointer-events="none"/>`);
  }
  // Pieces, grouped per cell: one piece is drawn whole, a stack as offset discs.
  const byCell = new Map();
  for (const p of view.pieces) (byCell.get(p.cell) || byCell.set(p.cell, []).get(p.cell)).push(p);
  const size = lay.hex ? HEX_A * 1.72 : S;
  for (const [cell, stack] of byCell) {
    if (cell === view.hidden) continue;
    const p = lay.places[cell];
    out.push(pieceUse(stack, p.x, p.y, size, board.cells[cell].name));
  }
  if (view.marks) {
    for (const [i, mark] of view.marks) out.push(markSvg(lay, i, mark));
  }
  if (view.targets) {
    const occupied = new Set(view.pieces.map((p) => p.cell));
    const r = cellRadius(lay);
    for (const t of view.targets) {
      const p = lay.places[t];
      const name = board.cells[t].name;
      out.push(occupied.has(t)
        ? `<circle class="target capture" cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="${(r * 0.9).toFixed(1)}" data-target="${name}" pointer-events="none"/>`
        : `<circle class="target" cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="${(r * 0.3).toFixed(1)}" data-target="${name}" pointer-events="none"/>`);
    }
  }
  svg.querySelector("g.layer").innerHTML = out.join("");
  return lay;
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
  const anim = g.animate([{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)` }, { transform: "translate(0, 0)" }],
    { duration: ms, easing: "ease-out" });
  anim.currentTime = elapsed;
}

export function svgEl(name) {
  return document.createElementNS(NS, name);
}
