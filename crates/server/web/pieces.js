// The piece set, drawn for this project from each kind's modes (served by /api/rules), so every
// piece of every game — and every game added later — has a picture that says how it moves:
//   * long spokes with an arrowhead: slides any distance along those lines (+ orthogonal,
//     × diagonal; on hexagons the six edge lines; in 3D/4D doubled strokes for the longer
//     diagonals);
//   * short spokes ending in a dot: a step of exactly that many cells (hollow dot: moves only,
//     cross: captures only); a dotted spoke: a leap of that length along the line;
//   * rings: leaps to every cell at that distance (the author's N(n)); loose dots: fixed
//     leaps such as the knight's;
//   * dashed marks last only until the piece is first checked, faint marks only for its first
//     move; a bar across a spoke captures by jumping over (draughts style).
// Sides differ in lightness (ivory with dark ink, black with light ink), which every colour
// vision tells apart; a King has a double rim, a promoted piece is an octagon with red ink, a pawn
// a smaller disc. Black pieces' marks are turned round, so "forward" points at the opponent.
// Each (kind, colour) is drawn once as an SVG <symbol>; the board places it with <use>.
"use strict";

const R = 17; // disc radius of a piece, in a 40-unit cell
const R_PAWN = 14.5;
const INK = { white: "#1c1c1c", black: "#f4f4f4" };
const PROMOTED_INK = { white: "#b3261e", black: "#ff9e94" };
const FILL = { white: "#f7f2e4", black: "#262626" };
const RIM = { white: "#3a3a3a", black: "#000" };

export const STYLES = ["symbols", "glyphs", "letters"];

const f2 = (x) => Math.round(x * 100) / 100;

/// Unit 2D vectors (screen, y down) of a family's directions, White's view, after the mode's
/// direction filter. 3D/4D directions have no faithful projection: they are drawn as + (one
/// coordinate changes), × (two), × doubled (three), + doubled (four).
function vectors(board, family, dir) {
  const fam = board.families.find((f) => f.letter === family);
  if (!fam) return { vs: [], double: false };
  const fwd = board.forward;
  const dot = (v) => v.reduce((a, x, i) => a + x * fwd[i], 0);
  let dirs = fam.dirs.filter((v) => dir === "any" || (dir === "forward" ? dot(v) > 0 : dot(v) >= 0));
  if (board.hexagons) {
    return { vs: dirs.map((v) => norm([v[0] * 1.5, -v[1] * 0.866])), double: false };
  }
  if (board.dims <= 2) return { vs: dirs.map((v) => norm([v[0], -v[1]])), double: false };
  const changed = fam.dirs[0].filter((x) => x !== 0).length;
  const plus = [[0, -1], [1, 0], [0, 1], [-1, 0]];
  const cross = [[1, -1], [1, 1], [-1, 1], [-1, -1]].map(norm);
  let vs = changed === 1 || changed === 4 ? plus : cross;
  // A filtered 3D/4D family keeps the spokes pointing up (forward) or sideways too.
  if (dir === "forward") vs = vs.filter((v) => v[1] < -0.01);
  if (dir === "not_backward") vs = vs.filter((v) => v[1] < 0.01);
  return { vs, double: changed >= 3 };
}

function norm([x, y]) {
  const l = Math.hypot(x, y) || 1;
  return [x / l, y / l];
}

/// Offsets (in cells) of a Chebyshev ring on a square board, filtered by direction (White).
function ringCells(n, dir) {
  const out = [];
  for (let x = -n; x <= n; x++) {
    for (let y = -n; y <= n; y++) {
      if (Math.max(Math.abs(x), Math.abs(y)) !== n) continue;
      if (dir === "forward" && y <= 0) continue;
      if (dir === "not_backward" && y < 0) continue;
      out.push([x, -y]);
    }
  }
  return out;
}

/// SVG markup of one kind in one colour, centred on (0, 0): a handful of elements whatever the
/// kind's modes, its marks gathered by paint into one path each (see `Ink`).
export function pieceSvg(kind, color, board, style) {
  if (kind.stack) return stackSvg(kind, color, style);
  const ink = kind.promoted ? PROMOTED_INK[color] : INK[color];
  const r = kind.pawn ? R_PAWN : R;
  const parts = [];
  const rim = `fill="${FILL[color]}" stroke="${RIM[color]}" stroke-width="1.3"`;
  parts.push(kind.promoted ? octagon(r, rim) : `<circle r="${r}" ${rim}/>`);
  if (kind.royal) parts.push(`<circle r="${r - 2.6}" fill="none" stroke="${ink}" stroke-width="1"/>`);
  if (style === "letters") {
    parts.push(letter(kind.letter, ink, 19, 6.8));
  } else {
    // Pawns are written without a letter in the notation: their marks say it all.
    const withLetter = style === "symbols" && !kind.pawn;
    const turn = color === "black" ? ' transform="rotate(180)"' : "";
    const drawn = marks(kind, board, ink, r - 3.2, withLetter ? 6.3 : 2.4);
    if (drawn) parts.push(`<g${turn}>${drawn}</g>`);
    if (withLetter) {
      parts.push(`<circle r="5.6" fill="${FILL[color]}"/>`);
      parts.push(letter(kind.letter, ink, 9.5, 3.4));
    } else {
      parts.push(`<circle r="1.6" fill="${ink}"/>`);
    }
  }
  return `<g class="pc">${parts.join("")}</g>`;
}

/// Marks gathered by paint (stroke, fill, width, dashes, opacity): each paint is one <path> of
/// many subpaths. A board clones a piece's picture into every <use> of it, and the style and
/// layout of a first frame grow with the elements: Doseki's 324 checkers, or a 10x10 board of
/// pieces with a dozen spokes each, cost tens of milliseconds more drawn one element per mark.
class Ink {
  constructor() {
    this.paths = new Map();
  }

  add(paint, d) {
    const list = this.paths.get(paint);
    if (list) list.push(d);
    else this.paths.set(paint, [d]);
  }

  line(x1, y1, x2, y2, paint) {
    this.add(paint, `M${f2(x1)},${f2(y1)}L${f2(x2)},${f2(y2)}`);
  }

  /// A circle as two arcs, from its rightmost point clockwise like a <circle> (dashes fall alike).
  circle(x, y, r, paint) {
    const [a, d] = [f2(r), f2(2 * r)];
    this.add(paint, `M${f2(x + r)},${f2(y)}a${a},${a} 0 0,1 ${-d},0a${a},${a} 0 0,1 ${d},0z`);
  }

  svg() {
    return [...this.paths].map(([paint, ds]) => `<path d="${ds.join("")}"${paint}/>`).join("");
  }
}

// Band shades of a stack, alternating by size so neighbouring checkers stay apart.
const STACK_FILL = { white: ["#f7f2e4", "#ddd0ae"], black: ["#262626", "#4a4a4a"] };

/// A stack of checkers (Pyramids) seen from above: one disc per checker size it holds, size 4 the
/// largest, nested, so every size in it shows as its own ring — a missing size leaves no ring, a
/// doubled checker a double rim. The royal stack has a thick outer rim. The "letters" style
/// writes the stack's code instead.
function stackSvg(kind, color, style) {
  const sizes = kind.stack.sizes;
  // Sizes 1–4 in every edition; a larger checker would widen the scale.
  const top = Math.max(4, sizes.reduce((m, n, i) => (n ? i + 1 : m), 0));
  const radius = (z) => 5.2 + ((R - 5.2) * (z - 1)) / (top - 1);
  const parts = [];
  for (let z = top; z >= 1; z--) {
    const n = sizes[z - 1];
    if (!n) continue;
    const r = radius(z);
    const fill = STACK_FILL[color][z % 2];
    const stroke = z === top || color === "white" ? RIM[color] : INK[color];
    parts.push(`<circle r="${f2(r)}" fill="${fill}" stroke="${stroke}" stroke-width="${z === top && kind.royal ? 2.6 : 1.2}" data-size="${z}"/>`);
    if (n > 1) parts.push(`<circle r="${f2(r - 1.9)}" fill="none" stroke="${INK[color]}" stroke-width="0.9" data-double="${z}"/>`);
  }
  if (kind.royal) parts.push(`<circle r="${R + 1.6}" fill="none" stroke="${INK.white}" stroke-width="0.8" stroke-dasharray="2 1.4"/>`);
  if (style === "letters") {
    const code = kind.stack.code;
    parts.push(`<text class="pc-letter" y="3.2" font-size="${code.length > 3 ? 8.5 : 10}" fill="${INK[color]}" stroke="${FILL[color]}" stroke-width="2.2" paint-order="stroke" text-anchor="middle" font-weight="700">${code}</text>`);
  }
  return `<g class="pc pc-stack" data-code="${kind.stack.code}">${parts.join("")}</g>`;
}

// The letter stays upright for both sides (only the marks turn round for Black).
function letter(ch, ink, size, dy) {
  return `<text class="pc-letter" y="${dy}" font-size="${size}" fill="${ink}" text-anchor="middle" font-weight="700">${ch}</text>`;
}

function octagon(r, paint) {
  const pts = [];
  for (let i = 0; i < 8; i++) {
    const a = Math.PI / 8 + (i * Math.PI) / 4;
    pts.push(`${f2(r * 1.04 * Math.cos(a))},${f2(r * 1.04 * Math.sin(a))}`);
  }
  return `<polygon points="${pts.join(" ")}" ${paint}/>`;
}

/// The movement marks of a kind. Slides are spokes, full rings circles; every fixed
/// destination (steps, partial rings, leaps) is a point, merged where modes meet: a filled dot
/// where the piece moves or captures, a hollow one where it only moves, a cross where it only
/// captures. Rings first, then spokes, then points (each paint one path, in that order).
function marks(kind, board, ink, outer, inner) {
  const maxN = Math.max(1, ...kind.modes.map((m) => m.shape === "leap" ? Math.max(...m.leap) : m.shape === "line" && m.distance !== null ? m.distance + (m.jump_capture ? 1 : 0) : m.shape === "ring" ? m.distance : 1));
  const step = (outer - inner) / (maxN <= 2 ? maxN + 0.5 : Math.max(maxN, 3.2));
  const dot = Math.min(1.9, step * 0.42);
  const at = (n) => inner + step * n;
  const rings = new Ink();
  const lines = new Ink();
  const points = new Map();
  const point = (x, y, m, leap = false) => {
    const key = `${Math.round(x * 4)},${Math.round(y * 4)}`;
    const p = points.get(key) || { x, y, move: false, capture: false, initial: true, unchecked: true, leap: false };
    if (m.action !== "capture") p.move = true;
    if (m.action !== "move") p.capture = true;
    p.initial &&= m.initial;
    p.unchecked &&= m.unchecked;
    p.leap ||= leap;
    points.set(key, p);
  };
  // Marks lasting until the first check are dashed and faint, first-move marks fainter.
  const faint = (m) => (m.unchecked ? ' opacity="0.8"' : m.initial ? ' opacity="0.45"' : "");
  const style = (m) => (m.unchecked ? ' stroke-dasharray="2.4 1.6"' : "") + faint(m);
  const stroke = (width, m, cap = true) => ` fill="none" stroke="${ink}" stroke-width="${width}"${cap ? ' stroke-linecap="round"' : ""}${style(m)}`;
  for (const m of kind.modes) {
    if (m.shape === "line") {
      const { vs, double } = vectors(board, m.family, m.dir);
      for (const [dx, dy] of vs) {
        if (m.distance === null) {
          spoke(lines, dx, dy, inner, outer - 1.6, double, m.jump_capture ? 2.2 : 1.9, (w) => stroke(w, m));
          arrow(lines, dx, dy, outer, ` fill="${ink}"${faint(m)}`);
          if (m.jump_capture) bar(lines, dx, dy, (inner + outer) / 2, stroke(1.3, m, false));
        } else if (m.jump_capture) {
          // xO(1): over the adjacent piece onto the cell behind it.
          spoke(lines, dx, dy, inner, at(m.distance + 1), double, 1.2, (w) => stroke(w, m));
          bar(lines, dx, dy, at(m.distance), stroke(1.3, m, false));
          point(dx * at(m.distance + 1), dy * at(m.distance + 1), { ...m, action: "both" });
        } else {
          point(dx * at(m.distance), dy * at(m.distance), m, m.jumping);
          if (double) point(dx * at(m.distance) * 0.72, dy * at(m.distance) * 0.72, m);
        }
      }
    } else if (m.shape === "ring") {
      const e = at(m.distance);
      if (m.dir === "any" && m.action === "both") {
        rings.circle(0, 0, e, stroke(1.3, m, false));
      } else if (board.hexagons || board.dims > 2) {
        rings.circle(0, 0, e, ` fill="none" stroke="${ink}" stroke-width="0.8" stroke-dasharray="1 1.5"${style(m)}`);
      } else {
        for (const [x, y] of ringCells(m.distance, m.dir)) {
          const [px, py] = norm([x, y]);
          point(px * e, py * e, m);
        }
      }
    } else if (m.shape === "leap") {
      const [a, b] = m.leap;
      const k = at(Math.max(a, b)) / Math.hypot(a, b) * 1.05;
      for (const [x, y] of [[a, b], [b, a], [-a, b], [-b, a], [a, -b], [b, -a], [-a, -b], [-b, -a]]) {
        if (m.dir === "forward" && y <= 0) continue;
        if (m.dir === "not_backward" && y < 0) continue;
        point(x * k, -y * k, m, true);
      }
    }
  }
  const dots = new Ink();
  for (const p of points.values()) {
    const action = p.move && p.capture ? "both" : p.move ? "move" : "capture";
    endMark(dots, p.x, p.y, action, ink, p.leap, dot, p.initial ? ' opacity="0.45"' : p.unchecked ? ' opacity="0.7"' : "");
  }
  return rings.svg() + lines.svg() + dots.svg();
}

function spoke(lines, dx, dy, from, to, double, width, paint) {
  if (to <= from) return;
  if (!double) {
    lines.line(dx * from, dy * from, dx * to, dy * to, paint(width));
    return;
  }
  const [ox, oy] = [-dy * 1.1, dx * 1.1];
  for (const s of [-1, 1]) {
    lines.line(dx * from + s * ox, dy * from + s * oy, dx * to + s * ox, dy * to + s * oy, paint(f2(width * 0.55)));
  }
}

function arrow(lines, dx, dy, tip, paint) {
  const b = tip - 3.4;
  const [px, py] = [-dy * 2, dx * 2];
  lines.add(paint, `M${f2(dx * tip)},${f2(dy * tip)}L${f2(dx * b + px)},${f2(dy * b + py)}L${f2(dx * b - px)},${f2(dy * b - py)}z`);
}

function bar(lines, dx, dy, at, paint) {
  const [px, py] = [-dy * 2.6, dx * 2.6];
  lines.line(dx * at + px, dy * at + py, dx * at - px, dy * at - py, paint);
}

function endMark(dots, x, y, action, ink, leap, r, op) {
  if (action === "capture") {
    const paint = ` fill="none" stroke="${ink}" stroke-width="1.2"${op}`;
    dots.line(x - r, y - r, x + r, y + r, paint);
    dots.line(x - r, y + r, x + r, y - r, paint);
    return;
  }
  if (action === "move") {
    dots.circle(x, y, r * 0.85, ` fill="none" stroke="${ink}" stroke-width="1"${op}`);
    return;
  }
  // A leap's destination is a dot with a halo (it passes over whatever stands between).
  if (leap) dots.circle(x, y, r * 1.55, ` fill="none" stroke="${ink}" stroke-width="0.6"${op}`);
  dots.circle(x, y, r, ` fill="${ink}"${op}`);
}

/// <symbol> definitions, ids `pc-{kind}-{w|b}`: of the pieces `[{kind, color}]` given, or of
/// every kind in both colours.
export function symbols(facts, style, pieces = null) {
  const all = () => facts.kinds.flatMap((k) => ["white", "black"].map((color) => ({ kind: k.kind, color })));
  return (pieces || all()).map(({ kind, color }) =>
    `<symbol id="${symbolId(kind, color)}" viewBox="-20 -20 40 40" overflow="visible">${pieceSvg(facts.kinds[kind], color, facts.board, style)}</symbol>`).join("");
}

export function symbolId(kind, color) {
  return `pc-${kind}-${color === "white" ? "w" : "b"}`;
}

/// A stand-alone <svg> of one piece (hands, choosers, tooltips, rules pages).
export function pieceIcon(facts, kind, color, style, size = 36) {
  const k = facts.kinds[kind];
  return `<svg class="piece-icon" width="${size}" height="${size}" viewBox="-20 -20 40 40" data-piece="${color}:${k.token}" role="img" aria-label="${k.name}">${pieceSvg(k, color, facts.board, style)}</svg>`;
}
