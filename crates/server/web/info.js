// A piece explained: its picture, name, how it moves in words (generated from its modes, so the
// words cannot disagree with the rules) and its move diagram from the centre of an empty board
// (computed by the server from the rules core). Used by the game page's hover / long-press
// card and by the rules pages.
"use strict";

import { t, locale, pieceName } from "./i18n.js";
import { pieceIcon } from "./pieces.js";
import { draw, diagramMarks, svgEl } from "./board.js";

const WORDS = {
  en: {
    fam: {
      sq: { O: "orthogonally (along files and ranks)", D: "diagonally" },
      hex: { S: "along the six lines through its edges", A: "along the arrow (ahead, back-left, back-right)", F: "along the fork (back, ahead-left, ahead-right)" },
      hexf: { A: "straight ahead", F: "diagonally ahead, left or right" },
      nd: { O: "along the axes (one coordinate changes)", F: "along face diagonals (two coordinates change)", D: "along space diagonals (three coordinates change)", H: "along hyper-diagonals (all four coordinates change)" },
    },
    slide: "slides any distance {f}",
    slidejump: "slides any distance {f}, passing over at most one piece of either colour",
    step1: "steps one cell {f}",
    stepn: "moves exactly {n} cells {f}, the cells between empty",
    jumpn: "leaps exactly {n} cells {f}, over whatever stands between",
    ring1: "steps to any neighbouring cell",
    ringn: "leaps to any cell exactly {n} cells away, over whatever stands between",
    knight: "leaps like a chess knight",
    leap: "leaps {a} cells one way and {b} the other",
    leap1: "leaps 1 cell one way and {b} the other",
    xany: "captures by jumping over an enemy piece at any distance {f}, landing on any free cell beyond it",
    x1: "captures by jumping over an adjacent enemy piece {f} onto the free cell right behind it",
    forward: "forward",
    not_backward: "never backward",
    move: "without capturing",
    capture: "only to capture",
    initial: "on its first move only",
    unchecked: "as long as it has never been checked",
    safe: "through cells not attacked",
    over_own: "over one of its own pieces",
    or: "; or ",
  },
  ru: {
    fam: {
      sq: { O: "по вертикали и горизонтали", D: "по диагонали" },
      hex: { S: "по шести линиям через стороны клетки", A: "по «стрелке» (вперёд, назад-влево, назад-вправо)", F: "по «вилке» (назад, вперёд-влево, вперёд-вправо)" },
      hexf: { A: "прямо вперёд", F: "наискосок вперёд, влево или вправо" },
      nd: { O: "вдоль осей (меняется одна координата)", F: "по диагоналям граней (меняются две координаты)", D: "по пространственным диагоналям (меняются три координаты)", H: "по гипердиагоналям (меняются все четыре координаты)" },
    },
    slide: "ходит на любое расстояние {f}",
    slidejump: "ходит на любое расстояние {f}, проходя не более чем через одну фигуру любого цвета",
    step1: "шагает на одну клетку {f}",
    stepn: "ходит ровно на {n} клетки {f}, промежуточные клетки свободны",
    jumpn: "прыгает ровно на {n} клетки {f} через любые фигуры",
    ring1: "шагает на любую соседнюю клетку",
    ringn: "прыгает на любую клетку на расстоянии ровно {n} через любые фигуры",
    knight: "прыгает как шахматный конь",
    leap: "прыгает на {a} клетки в одну сторону и {b} в другую",
    leap1: "прыгает на 1 клетку в одну сторону и {b} в другую",
    xany: "бьёт, перепрыгивая фигуру соперника на любом расстоянии {f} и вставая на любую свободную клетку за ней",
    x1: "бьёт, перепрыгивая соседнюю фигуру соперника {f} на свободную клетку сразу за ней",
    forward: "вперёд",
    not_backward: "не назад",
    move: "без взятия",
    capture: "только со взятием",
    initial: "только первым ходом",
    unchecked: "пока ни разу не получал шаха",
    safe: "через неатакованные клетки",
    over_own: "через свою фигуру",
    or: "; или ",
  },
};

function fillIn(s, p) {
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in p ? p[k] : m));
}

/// One mode in words.
function modeWords(m, board, w) {
  const fam = (letter) => {
    if (board.hexagons) return (m.dir === "forward" ? w.fam.hexf[letter] : null) || w.fam.hex[letter] || letter;
    if (board.dims > 2) return w.fam.nd[letter] || letter;
    return w.fam.sq[letter] || letter;
  };
  let s;
  if (m.shape === "line") {
    const f = fam(m.family);
    if (m.jump_capture) s = fillIn(m.distance === null ? w.xany : w.x1, { f });
    else if (m.distance === null) s = fillIn(m.jumping ? w.slidejump : w.slide, { f });
    else if (m.jumping) s = fillIn(w.jumpn, { n: m.distance, f });
    else s = fillIn(m.distance === 1 ? w.step1 : w.stepn, { n: m.distance, f });
  } else if (m.shape === "ring") {
    s = m.distance === 1 ? w.ring1 : fillIn(w.ringn, { n: m.distance });
  } else {
    const [a, b] = m.leap;
    const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
    s = lo === 1 && hi === 2 ? w.knight : fillIn(lo === 1 ? w.leap1 : w.leap, { a: lo, b: hi });
  }
  const extra = [];
  const hexForward = board.hexagons && m.dir === "forward" && m.shape === "line";
  if (m.dir !== "any" && !hexForward) extra.push(w[m.dir]);
  if (m.over_own) extra.push(w.over_own);
  if (m.safe) extra.push(w.safe);
  if (m.action === "move") extra.push(w.move);
  if (m.action === "capture" && !m.jump_capture) extra.push(w.capture);
  if (m.initial) extra.push(w.initial);
  if (m.unchecked) extra.push(w.unchecked);
  return extra.length ? `${s}, ${extra.join(", ")}` : s;
}

/// How a kind moves, in words of the current locale.
export function describe(kind, board) {
  // A type of group pieces: its modes as written (the group moves by translation).
  if (kind.group) {
    const words = kind.group.modes ? t("group.moves", { modes: kind.group.modes }) : t("group.none");
    return kind.group.to_hand ? `${words} ${t("group.to_hand")}` : words;
  }
  const w = WORDS[locale] || WORDS.en;
  const text = kind.modes.map((m) => modeWords(m, board, w)).join(w.or);
  return text.charAt(0).toUpperCase() + text.slice(1) + ".";
}

/// The move diagram of a kind as an <svg> element: the piece (White) on its diagram cell of an
/// empty board, its reach marked.
export function diagramSvg(facts, kind, style, { flipped = false } = {}) {
  const svg = svgEl("svg");
  svg.classList.add("diagram");
  const d = kind.diagram;
  if (!d) return svg;
  const { marks, enemies } = diagramMarks(d);
  const enemyKind = facts.kinds.find((k) => k.pawn) || facts.kinds[0];
  // A type of group pieces is drawn as its shape: each cell's checkers as the kind of that count.
  const base = kind.group ? kind.kind - (kind.group.checkers - 1) : kind.kind;
  const pieces = d.shape ? d.shape.map(([cell, n]) => ({ cell, kind: base + n - 1, color: "white", count: n, group: 0 }))
    : [{ cell: d.from, kind: kind.kind, color: "white" }, ...enemies.map((e) => ({ cell: e.cell, kind: enemyKind.kind, color: "black" }))];
  draw(svg, { facts, pieces, marks, flipped, style, margins: true });
  svg.dataset.kind = kind.token;
  return svg;
}

/// Legend entries for the marks a diagram uses.
export function legend(kind) {
  const d = kind.diagram;
  if (!d) return "";
  const { marks } = diagramMarks(d);
  const used = new Set();
  for (const m of marks.values()) {
    used.add(m.type === "land" ? "jump" : m.type);
    if (m.initial) used.add("initial");
    if (m.unchecked) used.add("unchecked");
  }
  const sym = {
    both: '<circle cx="8" cy="8" r="4" class="mk mk-both"/>',
    move: '<circle cx="8" cy="8" r="4" class="mk mk-move"/>',
    capture: '<path d="M4,4L12,12M4,12L12,4" class="mk mk-capture"/>',
    jump: '<path d="M8,2L14,8L8,14L2,8Z" class="mk mk-land"/>',
    initial: '<circle cx="8" cy="8" r="6.5" class="mk-frame mk-initial"/>',
    unchecked: '<rect x="1.5" y="1.5" width="13" height="13" class="mk-frame mk-unchecked"/>',
  };
  return `<ul class="legend">${[...used].map((u) => `<li><svg width="16" height="16" viewBox="0 0 16 16">${sym[u]}</svg> ${t("legend." + u)}</li>`).join("")}</ul>`;
}

/// The card of a kind: picture, name, words, diagram, legend, promotions.
export function pieceCard(facts, kind, color, style, { heading = "h3" } = {}) {
  const card = document.createElement("div");
  card.className = "piece-card";
  card.dataset.kind = kind.token;
  const name = pieceName(facts.id, kind);
  const extra = [];
  if (kind.royal) extra.push(t("piece.royal"));
  if (kind.promoted && kind.demotes_to !== null) extra.push(t("piece.promoted_from", { name: pieceName(facts.id, facts.kinds[kind.demotes_to]) }));
  if (kind.promotes_to.length) {
    extra.push(t("piece.promotes", { names: kind.promotes_to.map((k) => pieceName(facts.id, facts.kinds[k])).join(", ") }));
  }
  card.innerHTML = `<${heading} class="pc-head">${pieceIcon(facts, kind.kind, color, style, 40)}<span class="pc-name">${t("piece.title", { name, letter: kind.stack ? kind.stack.code : kind.token })}</span></${heading}>
    <p class="pc-words">${describe(kind, facts.board)}</p>
    ${extra.map((e) => `<p class="pc-extra">${e}</p>`).join("")}`;
  const fig = document.createElement("figure");
  fig.append(diagramSvg(facts, kind, style));
  fig.insertAdjacentHTML("beforeend", legend(kind));
  card.append(fig);
  card.insertAdjacentHTML("beforeend", `<p class="pc-modes muted">${t("rules.modes", { modes: `<code>${kind.modes_text}</code>` })}</p>`);
  return card;
}
