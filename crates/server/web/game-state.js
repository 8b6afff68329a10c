// The game page's state (what the server said, what this browser holds and has chosen) and the
// questions every part of the page asks of it: whose move, what is shown, what may be clicked.
"use strict";

export const $ = (id) => document.getElementById(id);
export const gameId = location.pathname.split("/").pop();

export const other = (c) => (c === "white" ? "black" : "white");

export const ui = {
  facts: null, state: null, review: null, mine: new Map(), selected: null, drop: null, chain: [],
  flipped: false, flipSet: false, drag: null, premove: null, preSel: null, preDrop: null, offline: false,
  notice: null, myOffer: false, analysis: null, lowWarned: false, pendingAnimation: null, lay: null, hover: null,
  // Games of group pieces: the moving set being built (cell → checkers) and its lead cell (the
  // last one chosen: destinations are shown as where it lands).
  moving: new Map(), lead: null,
  // Layered boards (Doseki): the one layer drawn large, or null for all of them.
  zoom: null,
};

/// Whether pieces are groups of checkers (Omino, Nomino, Doseki): moves are chosen by their
/// moving set.
export function groupGame() {
  return !!ui.facts?.kinds.some((k) => k.group);
}

/// A moving set as a comparable key: its cells and checkers, in cell order.
export const setKey = (cells) => [...cells].map(([c, k]) => [Number(c), k]).sort((a, b) => a[0] - b[0]).map(([c, k]) => `${c}:${k}`).join(",");

/// The legal group moves of exactly the moving set being built.
export function movesOfSet() {
  if (!ui.moving.size) return [];
  const key = setKey(ui.moving);
  return ui.state.legal.filter((m) => m.cells && setKey(m.cells) === key);
}

/// Where `cell` of the moving set lands in a group move (null if it does not move in it).
export function landingOf(m, cell) {
  const i = m.cells.findIndex(([c]) => c === cell);
  return i < 0 ? null : m.dests[i];
}

export function moverToken() {
  const s = ui.state;
  return s && s.status === "active" ? ui.mine.get(s.side_to_move) : undefined;
}

/// The seat of this browser that waits for the opponent (premoves), if any.
export function waitingSeat() {
  const s = ui.state;
  if (!s || s.status !== "active" || ui.review || moverToken()) return null;
  return ui.mine.has(other(s.side_to_move)) ? other(s.side_to_move) : null;
}

export function shown() {
  return ui.review || ui.state;
}

export const seq = (m) => [...m.via, m.to];

export const startsWith = (a, p) => p.every((c, i) => a[i] === c);

export function legalFrom(cell) {
  return ui.state.legal.filter((m) => m.from === cell && m.drop === null);
}

/// Cells to click next: for a chosen piece its destinations and, in a capture chain, the next
/// landing cells of the chains that go through the landings chosen so far.
export function targets() {
  if (!moverToken() || ui.review) return null;
  if (ui.drop !== null) return new Set(ui.state.legal.filter((m) => m.drop_kind === ui.drop).map((m) => m.to));
  if (groupGame()) return ui.moving.size ? new Set(movesOfSet().map((m) => landingOf(m, ui.lead))) : null;
  if (ui.selected === null) return null;
  const out = new Set();
  for (const m of legalFrom(ui.selected)) {
    const s = seq(m);
    if (!startsWith(s, ui.chain)) continue;
    if (s.length > ui.chain.length) out.add(s[ui.chain.length]);
    if (!ui.chain.length) out.add(m.to);
  }
  return out;
}

/// The cells linked to `cell` (Bermuda chess's complementary square) and its neighbours drawn in
/// other blocks (the same cell of the layers above and below), as a list.
export function linkOf(cell) {
  const c = cell === null || cell === undefined ? null : ui.facts.board.cells[cell];
  if (!c) return [];
  return [...(c.link === null || c.link === undefined ? [] : [c.link]), ...(c.across || [])];
}

export function checkCells() {
  const s = shown();
  if (!s.in_check) return null;
  const royal = new Set(ui.facts.kinds.filter((k) => k.royal).map((k) => k.kind));
  return new Set(s.pieces.filter((p) => p.color === s.side_to_move && royal.has(p.kind)).map((p) => p.cell));
}

export function myColor() {
  const s = ui.state;
  return ui.mine.has(s.side_to_move) ? s.side_to_move : [...ui.mine.keys()][0];
}

export function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch]));
}
