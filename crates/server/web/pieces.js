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

/// SVG markup of one kind in one colour, centred on (0, 0).
export function pieceSvg(kind, color, board, style) {
  if (kind.stack) return stackSvg(kind, color, style);
  const ink = kind.promoted ? PROMOTED_INK[color] : INK[color];
  const r = kind.pawn ? R_PAWN : R;
  const parts = [];
  const base = kind.promoted ? octagon(r) : `<circle r="${r}"/>`;
  parts.push(`<g fill="${FILL[color]}" stroke="${RIM[color]}" stroke-width="1.3">${base}</g>`);
  if (kind.royal) parts.push(`<circle r="${r - 2.6}" fill="none" stroke="${ink}" stroke-width="1"/>`);
  if (style === "letters") {
    parts.push(letter(kind.letter, ink, 19, 6.8));
  } else {
    // Pawns are written without a letter in the notation: their marks say it all.
    const withLetter = style === "symbols" && !kind.pawn;
    const turn = color === "black" ? ' transform="rotate(180)"' : "";
    parts.push(`<g${turn}>${marks(kind, board, ink, r - 3.2, withLetter ? 6.3 : 2.4)}</g>`);
    if (withLetter) {
      parts.push(`<circle r="5.6" fill="${FILL[color]}"/>`);
      parts.push(letter(kind.letter, ink, 9.5, 3.4));
    } else {
      parts.push(`<circle r="1.6" fill="${ink}"/>`);
    }
  }
  return `<g class="pc">${parts.join("")}</g>`;
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

function octagon(r) {
  const pts = [];
  for (let i = 0; i < 8; i++) {
    const a = Math.PI / 8 + (i * Math.PI) / 4;
    pts.push(`${f2(r * 1.04 * Math.cos(a))},${f2(r * 1.04 * Math.sin(a))}`);
  }
  return `<polygon points="${pts.join(" ")}"/>`;
}

/// The movement marks of a kind. Slides are spokes, full rings circles; every fixed
/// destination (steps, partial rings, leaps) is a point, merged where modes meet: a filled dot
/// where the piece moves or captures, a hollow one where it only moves, a cross where it only
/// captures.
function marks(kind, board, ink, outer, inner) {
  const maxN = Math.max(1, ...kind.modes.map((m) => m.shape === "leap" ? Math.max(...m.leap) : m.shape === "line" && m.distance !== null ? m.distance + (m.jump_capture ? 1 : 0) : m.shape === "ring" ? m.distance : 1));
  const step = (outer - inner) / (maxN <= 2 ? maxN + 0.5 : Math.max(maxN, 3.2));
  const dot = Math.min(1.9, step * 0.42);
  const at = (n) => inner + step * n;
  const lines = [];
  const rings = [];
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
  const style = (m) => (m.unchecked ? ' stroke-dasharray="2.4 1.6" opacity="0.8"' : "") + (m.initial ? ' opacity="0.45"' : "");
  for (const m of kind.modes) {
    if (m.shape === "line") {
      const { vs, double } = vectors(board, m.family, m.dir);
      for (const [dx, dy] of vs) {
        if (m.distance === null) {
          const g = [];
          spoke(g, dx, dy, inner, outer - 1.6, ink, double, m.jump_capture ? 2.2 : 1.9);
          g.push(arrow(dx, dy, outer, ink));
          if (m.jump_capture) g.push(bar(dx, dy, (inner + outer) / 2, ink));
          lines.push(`<g${style(m)}>${g.join("")}</g>`);
        } else if (m.jump_capture) {
          // xO(1): over the adjacent piece onto the cell behind it.
          const g = [];
          spoke(g, dx, dy, inner, at(m.distance + 1), ink, double, 1.2);
          g.push(bar(dx, dy, at(m.distance), ink));
          lines.push(`<g${style(m)}>${g.join("")}</g>`);
          point(dx * at(m.distance + 1), dy * at(m.distance + 1), { ...m, action: "both" });
        } else {
          point(dx * at(m.distance), dy * at(m.distance), m, m.jumping);
          if (double) point(dx * at(m.distance) * 0.72, dy * at(m.distance) * 0.72, m);
        }
      }
    } else if (m.shape === "ring") {
      const e = at(m.distance);
      if (m.dir === "any" && m.action === "both") {
        rings.push(`<circle r="${f2(e)}" fill="none" stroke="${ink}" stroke-width="1.3"${style(m)}/>`);
      } else if (board.hexagons || board.dims > 2) {
        rings.push(`<circle r="${f2(e)}" fill="none" stroke="${ink}" stroke-width="0.8" stroke-dasharray="1 1.5"${style(m)}/>`);
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
  const dots = [...points.values()].map((p) => {
    const action = p.move && p.capture ? "both" : p.move ? "move" : "capture";
    const op = p.initial ? ' opacity="0.45"' : p.unchecked ? ' opacity="0.7"' : "";
    return `<g${op}>${endMark(p.x, p.y, action, ink, p.leap, dot)}</g>`;
  });
  return rings.join("") + lines.join("") + dots.join("");
}

function spoke(g, dx, dy, from, to, ink, double, width) {
  if (to <= from) return;
  if (!double) {
    g.push(`<line x1="${f2(dx * from)}" y1="${f2(dy * from)}" x2="${f2(dx * to)}" y2="${f2(dy * to)}" stroke="${ink}" stroke-width="${width}" stroke-linecap="round"/>`);
    return;
  }
  const [ox, oy] = [-dy * 1.1, dx * 1.1];
  for (const s of [-1, 1]) {
    g.push(`<line x1="${f2(dx * from + s * ox)}" y1="${f2(dy * from + s * oy)}" x2="${f2(dx * to + s * ox)}" y2="${f2(dy * to + s * oy)}" stroke="${ink}" stroke-width="${width * 0.55}" stroke-linecap="round"/>`);
  }
}

function arrow(dx, dy, tip, ink) {
  const b = tip - 3.4;
  const [px, py] = [-dy * 2, dx * 2];
  return `<polygon points="${f2(dx * tip)},${f2(dy * tip)} ${f2(dx * b + px)},${f2(dy * b + py)} ${f2(dx * b - px)},${f2(dy * b - py)}" fill="${ink}"/>`;
}

function bar(dx, dy, at, ink) {
  const [px, py] = [-dy * 2.6, dx * 2.6];
  return `<line x1="${f2(dx * at + px)}" y1="${f2(dy * at + py)}" x2="${f2(dx * at - px)}" y2="${f2(dy * at - py)}" stroke="${ink}" stroke-width="1.3"/>`;
}

function endMark(x, y, action, ink, leap = false, r = 1.9) {
  if (action === "capture") {
    const s = r;
    return `<path d="M${f2(x - s)},${f2(y - s)}L${f2(x + s)},${f2(y + s)}M${f2(x - s)},${f2(y + s)}L${f2(x + s)},${f2(y - s)}" stroke="${ink}" stroke-width="1.2"/>`;
  }
  if (action === "move") return `<circle cx="${f2(x)}" cy="${f2(y)}" r="${f2(r * 0.85)}" fill="none" stroke="${ink}" stroke-width="1"/>`;
  // A leap's destination is a dot with a halo (it passes over whatever stands between).
  const halo = leap ? `<circle cx="${f2(x)}" cy="${f2(y)}" r="${f2(r * 1.55)}" fill="none" stroke="${ink}" stroke-width="0.6"/>` : "";
  return `${halo}<circle cx="${f2(x)}" cy="${f2(y)}" r="${f2(r)}" fill="${ink}"/>`;
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
