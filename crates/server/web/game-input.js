// The player's hands on the game: click, drag, capture-chain landings, drops from the hand,
// premoves while the opponent thinks, moves typed in the author's notation, the promotion and
// chain chooser, and the piece card on hover or long press.
"use strict";

import { t, pieceName } from "./i18n.js";
import { cellAt, toSvg, S, pieceUse, markLinked, markShape } from "./board.js";
import { pieceIcon } from "./pieces.js";
import { pieceCard } from "./info.js";
import { settings } from "./settings.js";
import { $, ui, shown, moverToken, waitingSeat, legalFrom, seq, startsWith, targets, linkOf, escapeHtml, groupGame, movesOfSet, landingOf } from "./game-state.js";
import { render, showError, entrySuggestions } from "./game-view.js";

/// Sends a chosen legal move (the page's module: it talks to the server).
let playMove = async () => {};

/// Wires the board, the hands and the move entry; `actions.play(move, opts)` plays a move.
export function setupInput(actions) {
  playMove = actions.play;
  const svg = $("board");
  svg.addEventListener("pointerdown", onDown);
  svg.addEventListener("pointermove", onMove);
  svg.addEventListener("pointerup", onUp);
  svg.addEventListener("pointerleave", () => { if (!ui.drag) hideTooltip(); });
  svg.addEventListener("contextmenu", (e) => e.preventDefault());
  document.addEventListener("pointermove", (e) => { if (ui.drag && ui.drag.drop !== undefined) onMove(e); });
  document.addEventListener("pointerup", (e) => { if (ui.drag && ui.drag.drop !== undefined) onUp(e); });
  document.addEventListener("pointerdown", (e) => { if (!e.target.closest("#tooltip, #board")) hideTooltip(); });
  for (const id of ["top-player", "bottom-player"]) $(id).addEventListener("pointerdown", onHandDown);
  $("sets").addEventListener("click", onSetClick);
  $("layers").addEventListener("click", (ev) => {
    const b = ev.target.closest("[data-zoom]");
    if (!b) return;
    ui.zoom = b.dataset.zoom || null;
    render();
  });
  $("entry").addEventListener("submit", typedMove);
  for (const ev of ["focus", "input"]) $("entry-text").addEventListener(ev, entrySuggestions);
}

/// Drops what is chosen (Escape).
export function cancelChoice() {
  ui.selected = null;
  ui.chain = [];
  ui.drop = null;
  ui.preSel = null;
  ui.moving.clear();
  ui.lead = ui.setsCell = null;
  hideTooltip();
  render();
}

/// Forgets the piece cards drawn so far (the locale or the piece style changed).
export function clearCards() {
  cards.clear();
}

/// Several legal moves share from and to (promotions, alternative chains, the parts of a stack
/// that may move): ask which.
function choose(cands) {
  return new Promise((resolve) => {
    const dlg = $("chooser");
    const box = $("choices");
    box.innerHTML = "";
    const promo = cands.some((m) => m.promotion !== null);
    const parts = !promo && cands.some((m) => m.part !== null && m.part !== undefined);
    $("chooser-title").textContent = promo ? t("chooser.promote") : parts ? t("chooser.part") : t("chooser.which");
    box.classList.toggle("many", cands.length > 12);
    const mover = ui.state.side_to_move;
    const size = cands.length > 12 ? 32 : 40;
    const kindAt = (cell) => {
      const p = ui.state.pieces.find((x) => x.cell === cell);
      return p && ui.facts.kinds[p.kind];
    };
    const label = (k) => `${pieceName(ui.facts.id, k)} (${k.stack ? k.stack.code : k.token})`;
    for (const m of cands) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.move = m.text;
      if (m.promotion_kind !== null && m.promotion_kind !== undefined) {
        const k = ui.facts.kinds[m.promotion_kind];
        b.innerHTML = `${pieceIcon(ui.facts, k.kind, mover, settings.pieces, size)}<span>${label(k)}</span>`;
      } else if (promo) {
        const k = kindAt(m.from);
        b.innerHTML = `${k ? pieceIcon(ui.facts, k.kind, mover, settings.pieces, size) : ""}<span>${t("chooser.stay", { name: k ? pieceName(ui.facts.id, k) : "" })}</span>`;
      } else if (parts) {
        // The part that moves (the whole stack for a march, capture or merge).
        const whole = m.part === null || m.part === undefined;
        const k = whole ? kindAt(m.from) : ui.facts.kinds[m.part];
        b.dataset.part = k ? k.token : "";
        b.innerHTML = `${k ? pieceIcon(ui.facts, k.kind, mover, settings.pieces, size) : ""}<span>${k ? label(k) : m.text}</span>`
          + `<span class="muted">${whole ? t("chooser.whole") : escapeHtml(m.text)}</span>`;
      } else {
        b.textContent = m.text;
      }
      b.onclick = () => { dlg.close(); resolve(m); };
      box.append(b);
    }
    $("chooser-cancel").onclick = () => { dlg.close(); resolve(null); };
    dlg.showModal();
  });
}

export async function playCandidates(cands, opts) {
  if (!cands.length) return false;
  const m = cands.length === 1 ? cands[0] : await choose(cands);
  if (m) await playMove(m, opts);
  else render();
  return true;
}

/// A click (or drop) on `cell` while a piece is chosen: a landing of a chain or a destination.
async function clickTarget(cell, opts) {
  const from = ui.selected;
  const cands = legalFrom(from).filter((m) => startsWith(seq(m), ui.chain));
  const prefix = [...ui.chain, cell];
  const exact = cands.filter((m) => seq(m).length === prefix.length && startsWith(seq(m), prefix));
  const longer = cands.filter((m) => seq(m).length > prefix.length && startsWith(seq(m), prefix));
  if (longer.length && !exact.length) {
    ui.chain = prefix;
    render();
    return true;
  }
  if (exact.length || longer.length) return playCandidates([...exact, ...longer], opts);
  return playCandidates(cands.filter((m) => m.to === cell), opts);
}

export function playPremove() {
  const p = ui.premove;
  if (!p || !moverToken()) return;
  ui.premove = null;
  const cands = ui.state.legal.filter((m) => (p.drop !== undefined ? m.drop_kind === p.drop : m.from === p.from && m.drop === null) && m.to === p.to);
  // A premove that became illegal is dropped; of several (promotions, parts of a stack) the first
  // is played, the whole stack before any of its parts.
  cands.sort((a, b) => (a.part ?? -1) - (b.part ?? -1));
  if (cands.length) playMove(cands[0]);
  else render();
}

function onDown(ev) {
  const s = ui.state;
  // A layer's title (Doseki): that layer large, or all of them again.
  const title = ev.target.closest?.("[data-layer]");
  if (s && title && ev.button <= 0) {
    ui.zoom = ui.zoom === title.dataset.layer ? null : title.dataset.layer;
    render();
    return;
  }
  if (!s || ui.review || ev.button > 0) return;
  const cell = cellAt(ev.clientX, ev.clientY);
  if (cell === null) return;
  startLongPress(ev, cell);
  const waiting = waitingSeat();
  // Premoves name a piece's two cells; a group's moving set is built on one's own move.
  if (waiting && groupGame()) return;
  if (waiting) return premoveClick(cell, waiting);
  if (groupGame() && ui.drop === null) return groupDown(ev, cell);
  const tg = targets();
  if (tg && tg.has(cell)) {
    if (ui.drop !== null) playCandidates(ui.state.legal.filter((m) => m.drop_kind === ui.drop && m.to === cell));
    else clickTarget(cell);
    return;
  }
  ui.drop = null;
  ui.chain = [];
  if (groupGame()) return groupDown(ev, cell);
  if (moverToken() && legalFrom(cell).length) {
    ui.selected = ui.selected === cell ? null : cell;
    if (ui.selected !== null) {
      ui.drag = { from: cell, x: ev.clientX, y: ev.clientY, ghost: null };
      $("board").setPointerCapture(ev.pointerId);
    }
  } else {
    ui.selected = null;
  }
  render();
}

/// While the opponent thinks: the first click chooses one of our pieces, the second a cell.
function premoveClick(cell, color) {
  const own = ui.state.pieces.some((p) => p.cell === cell && p.color === color);
  if (ui.preDrop !== null) {
    ui.premove = { drop: ui.preDrop, to: cell };
    ui.preDrop = null;
  } else if (ui.preSel === null) {
    if (own) ui.preSel = cell;
    ui.premove = null;
  } else if (cell === ui.preSel) {
    ui.preSel = null;
  } else {
    ui.premove = { from: ui.preSel, to: cell };
    ui.preSel = null;
  }
  render();
}

/// Games of group pieces: a press on one of the mover's checkers adds it to the moving set
/// (all its checkers; pressing it again takes one fewer, then none: a part of a double moves
/// alone); a press on a destination of the lead cell (the last one added) plays that move; a
/// press elsewhere drops the set. Pressing a checker of the set and dragging it moves the set
/// where that checker lands.
function groupDown(ev, cell) {
  const s = ui.state;
  const tg = targets();
  const p = s.pieces.find((x) => x.cell === cell);
  const own = p && p.color === s.side_to_move && moverToken();
  if (own) {
    ui.setsCell = cell;
    const was = ui.moving.has(cell);
    if (!was) {
      ui.moving.set(cell, p.count || 1);
      ui.lead = cell;
      // A checker that no movable set shares with those chosen starts a new set.
      const within = (m) => m.cells && [...ui.moving].every(([c, k]) => m.cells.some(([d, n]) => d === c && n <= k));
      if (!ui.state.legal.some(within)) ui.moving = new Map([[cell, p.count || 1]]);
    }
    ui.drag = { from: cell, group: true, toggle: was, x: ev.clientX, y: ev.clientY, ghost: null };
    $("board").setPointerCapture(ev.pointerId);
    render();
    return;
  }
  if (tg && tg.has(cell)) {
    playCandidates(movesOfSet().filter((m) => landingOf(m, ui.lead) === cell));
    return;
  }
  ui.moving.clear();
  ui.lead = ui.setsCell = null;
  render();
}

/// One checker fewer of `cell` in the moving set (none after the last).
function takeFewer(cell) {
  const k = (ui.moving.get(cell) || 0) - 1;
  if (k > 0) ui.moving.set(cell, k);
  else ui.moving.delete(cell);
  if (!ui.moving.has(ui.lead)) ui.lead = [...ui.moving.keys()].pop() ?? null;
  else if (k > 0) ui.lead = cell;
}

/// A movable set picked from the list of those under the last checker chosen.
function onSetClick(ev) {
  const b = ev.target.closest("button[data-set]");
  if (!b || !moverToken()) return;
  ui.moving = new Map(JSON.parse(b.dataset.set));
  ui.lead = ui.setsCell;
  render();
}

function ghostOf(piece) {
  const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
  g.classList.add("ghost");
  g.innerHTML = pieceUse([piece], 0, 0, S * 1.1);
  return g;
}

function onMove(ev) {
  moveLongPress(ev);
  const d = ui.drag;
  if (!d) { hover(ev); return; }
  if (!d.ghost && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 6) return;
  const piece = d.from !== undefined ? ui.state.pieces.find((p) => p.cell === d.from) : { kind: d.drop, color: ui.state.side_to_move };
  if (!piece) return;
  if (!d.ghost) {
    d.ghost = ghostOf(piece);
    hideTooltip();
    render();
  }
  const pt = toSvg($("board"), ev.clientX, ev.clientY);
  d.ghost.setAttribute("transform", `translate(${pt.x} ${pt.y})`);
}

function onUp(ev) {
  endLongPress();
  const d = ui.drag;
  ui.drag = null;
  if (d && d.group && !d.ghost) {
    // A click: a checker already in the set gives up one of its checkers.
    if (d.toggle) takeFewer(d.from);
    render();
    return;
  }
  if (!d || !d.ghost) { if (d && d.drop !== undefined) render(); return; }
  const cell = cellAt(ev.clientX, ev.clientY);
  const opts = { animateIt: false };
  if (d.group) {
    const cands = cell === null ? [] : movesOfSet().filter((m) => landingOf(m, d.from) === cell);
    if (cands.length) ui.lead = d.from;
    playCandidates(cands, opts).then((ok) => { if (!ok) render(); });
    return;
  }
  if (d.drop !== undefined) {
    if (cell !== null) {
      playCandidates(ui.state.legal.filter((m) => m.drop_kind === d.drop && m.to === cell), opts).then((ok) => { if (!ok) render(); });
    } else render();
    return;
  }
  if (cell !== null && cell !== d.from && targets()?.has(cell)) {
    ui.chain = [];
    clickTarget(cell, opts).then((ok) => { if (!ok) render(); });
  } else render();
}

/// A piece in hand: a click chooses it for a drop (or a premove drop), a drag drops it.
function onHandDown(ev) {
  const b = ev.target.closest(".hand-piece");
  if (!b || ui.review) return;
  const kind = Number(b.dataset.handKind);
  const color = b.dataset.color;
  if (!ui.mine.has(color) || ui.state.status !== "active") return;
  ev.preventDefault();
  if (waitingSeat() === color) {
    ui.preDrop = ui.preDrop === kind ? null : kind;
    ui.preSel = null;
    render();
    return;
  }
  if (!moverToken() || ui.state.side_to_move !== color) return;
  if (!ui.state.legal.some((m) => m.drop_kind === kind)) return;
  ui.drop = ui.drop === kind ? null : kind;
  ui.selected = null;
  ui.moving.clear();
  ui.lead = ui.setsCell = null;
  ui.chain = [];
  if (ui.drop !== null) ui.drag = { drop: kind, x: ev.clientX, y: ev.clientY, ghost: null };
  render();
}

let hoverTimer = null;

let hoverCell = null;

const cards = new Map();

function cardFor(kind, color) {
  const key = `${kind}|${color}|${settings.pieces}|${document.documentElement.lang}`;
  if (!cards.has(key)) cards.set(key, pieceCard(ui.facts, ui.facts.kinds[kind], color, settings.pieces, { heading: "div" }));
  return cards.get(key);
}

function showTooltip(kind, color, x, y) {
  const tip = $("tooltip");
  tip.replaceChildren(cardFor(kind, color));
  tip.hidden = false;
  const w = tip.offsetWidth;
  const h = tip.offsetHeight;
  const left = Math.min(Math.max(8, x + 16), innerWidth - w - 8);
  const top = y + 16 + h > innerHeight ? Math.max(8, y - h - 16) : y + 16;
  tip.style.left = `${left}px`;
  tip.style.top = `${top}px`;
}

/// The whole translated shape of the move whose lead cell lands on `cell`, if any.
export function shapeAt(cell) {
  if (cell === null || !ui.moving.size || !targets()?.has(cell)) return [];
  const m = movesOfSet().find((x) => landingOf(x, ui.lead) === cell);
  return m ? m.dests : [];
}

export function hideTooltip() {
  clearTimeout(hoverTimer);
  if (hoverCell !== null) { markLinked($("board"), ui.lay, []); markShape($("board"), ui.lay, []); }
  hoverCell = ui.hover = null;
  $("tooltip").hidden = true;
}

function hover(ev) {
  if (ev.pointerType !== "mouse") return;
  const cell = cellAt(ev.clientX, ev.clientY);
  if (cell === hoverCell) return;
  hideTooltip();
  hoverCell = ui.hover = cell;
  markLinked($("board"), ui.lay, linkOf(cell));
  if (groupGame()) markShape($("board"), ui.lay, shapeAt(cell));
  const p = cell !== null && shown().pieces.find((x) => x.cell === cell);
  if (!p) return;
  hoverTimer = setTimeout(() => showTooltip(p.kind, p.color, ev.clientX, ev.clientY), 450);
}

let longPress = null;

function startLongPress(ev, cell) {
  if (ev.pointerType === "mouse") return;
  const p = shown().pieces.find((x) => x.cell === cell);
  if (!p) return;
  longPress = { x: ev.clientX, y: ev.clientY, timer: setTimeout(() => {
    ui.drag = null;
    ui.selected = null;
    render();
    showTooltip(p.kind, p.color, ev.clientX, ev.clientY);
  }, 550) };
}

function moveLongPress(ev) {
  if (longPress && Math.hypot(ev.clientX - longPress.x, ev.clientY - longPress.y) > 8) endLongPress();
}

function endLongPress() {
  if (longPress) clearTimeout(longPress.timer);
  longPress = null;
}

/// A move typed in the author's notation (or coordinate form), matched against the legal moves:
/// check marks, move numbers and `x` for `:` do not matter.
async function typedMove(ev) {
  ev.preventDefault();
  const input = $("entry-text");
  const text = input.value.trim();
  if (!text) return;
  const norm = (x) => x.replace(/^\d+\.+\s*/, "").replace(/[+#X!?]+$/, "").replace(/x/g, ":").replace(/\s+/g, "");
  const cands = ui.state.legal.filter((m) => norm(m.text) === norm(text) || m.coord === text);
  if (!cands.length || !moverToken()) {
    showError(new Error(t("entry.unknown", { text })));
    return;
  }
  input.value = "";
  await playCandidates(cands);
}
