// The game page drawn from its state: the board, the player bars with clocks and hands, the
// status and result in words, notices, the controls, the move list and the analysis.
"use strict";

import { t, sideName, pieceName, optionText, gameName } from "./i18n.js";
import { draw, animate, animateFrom, markLinked, layersOf } from "./board.js";
import { pieceIcon } from "./pieces.js";
import { settings } from "./settings.js";
import { sound } from "./sound.js";
import { $, ui, other, shown, moverToken, targets, checkCells, escapeHtml, linkOf, groupGame, setKey } from "./game-state.js";

/// The markup each player bar shows now.
const drawnBars = new WeakMap();

/// What the page's own module provides the view with (set once at start-up).
export const hooks = { review: () => {} };

export function showError(e) {
  ui.notice = e ? { kind: "error", text: e.message || String(e), until: Date.now() + 8000 } : null;
  renderNotice();
}

function renderBoard() {
  const s = shown();
  const svg = $("board");
  const path = ui.selected !== null && ui.chain.length ? [ui.selected, ...ui.chain] : null;
  // The last move's cells, and where its capture's cascade ended on a linked board.
  const cascade = s.last && ui.state.moves[s.ply - 1]?.cascade;
  const last = s.last && { ...s.last, extra: cascade ? cascade.to : null };
  ui.lay = draw(svg, {
    facts: ui.facts, pieces: s.pieces, flipped: ui.flipped, style: settings.pieces, names: settings.names || ui.facts.board.hexagons && settings.names,
    selected: ui.review ? null : (ui.selected ?? ui.preSel), targets: targets(), last, check: checkCells(),
    premove: ui.premove && !ui.review ? { from: ui.premove.from ?? ui.premove.to, to: ui.premove.to } : null,
    path, hidden: ui.drag && ui.drag.ghost && ui.drag.from !== undefined ? ui.drag.from : null,
    mover: moverToken() && !ui.review ? ui.state.side_to_move : null,
    stacked: NARROW.matches,
    linked: ui.review ? null : ui.selected !== null ? linkOf(ui.selected) : ui.lead !== null ? linkOf(ui.lead) : null,
    moving: ui.review ? null : ui.moving,
    groupLabel: (k) => pieceName(ui.facts.id, ui.facts.kinds[k]),
    zoom: ui.zoom,
  });
  renderLayers();
  const aspect = Math.min(2.4, Math.max(0.35, ui.lay.height / ui.lay.width)).toFixed(3);
  if (document.documentElement.style.getPropertyValue("--aspect") !== aspect) document.documentElement.style.setProperty("--aspect", aspect);
  if (ui.drag?.ghost) svg.append(ui.drag.ghost);
  if (ui.hover !== null && ui.hover !== undefined) markLinked(svg, ui.lay, linkOf(ui.hover));
  // A move slides into place; a redraw meanwhile (the server's answer) continues the slide.
  if (ui.pendingAnimation && settings.animation && ui.pendingAnimation.from !== ui.pendingAnimation.to) {
    // A capture's cascade on linked boards: the capturer goes on up (one slide to where it
    // ends), or the victim falls to the linked cell after the capture's slide.
    const c = ui.pendingAnimation.cascade;
    const to = c?.effect === "ascended" ? c.to : ui.pendingAnimation.to;
    // A group move: every checker slides from its cell to its landing.
    const cells = ui.pendingAnimation.cells;
    const pairs = cells ? cells.slice(0, cells.length / 2).map((f, i) => [f, cells[cells.length / 2 + i]]) : null;
    ui.sliding = { from: ui.pendingAnimation.from, to, pairs, fall: c?.effect === "displaced" ? c : null, start: performance.now() };
  }
  ui.pendingAnimation = null;
  const sl = ui.sliding;
  const since = sl ? performance.now() - sl.start : 0;
  if (sl && since < SLIDE_MS + FALL_MS) {
    if (since < SLIDE_MS) for (const [f, to] of sl.pairs || [[sl.from, sl.to]]) animate(svg, ui.lay, f, to, SLIDE_MS, since);
    if (sl.fall) animateFrom(svg, ui.lay, sl.fall.from, sl.fall.to, FALL_MS, Math.max(0, SLIDE_MS - since));
  } else ui.sliding = null;
}

/// A layered board shown one layer large (its title tapped): a bar of every layer's name, to go
/// to another or back to all. Layers holding a cell to click now (a target, the piece or checkers
/// chosen) are lit, the layers next to the one shown (above and below it) marked.
function renderLayers() {
  const bar = $("layers");
  const layers = ui.zoom ? layersOf(ui.facts.board) : [];
  const shownLayer = layers.find((l) => l.layer === ui.zoom);
  // The board's size leaves room for the bar (see --bar in app.css).
  const room = shownLayer ? "36px" : "";
  if (document.documentElement.style.getPropertyValue("--bar") !== room) document.documentElement.style.setProperty("--bar", room);
  if (!shownLayer) {
    ui.zoom = null;
    bar.hidden = true;
    return;
  }
  const cells = ui.facts.board.cells;
  const lit = new Set();
  const light = (list) => { for (const c of list) if (c !== null && c !== undefined && cells[c]) lit.add(cells[c].block); };
  if (!ui.review) {
    light(targets() || []);
    light([ui.selected ?? ui.preSel, ...(ui.moving?.keys() || [])]);
  }
  const buttons = layers.map(({ layer, block }) => {
    const cls = [layer === ui.zoom ? "current" : "", lit.has(block) ? "lit" : "", shownLayer.near.has(layer) ? "near" : ""].filter(Boolean).join(" ");
    const title = (lit.has(block) ? t("layers.lit", { layer }) : t("layers.show", { layer })) + (shownLayer.near.has(layer) ? ` (${t("layers.near")})` : "");
    return `<button type="button" data-zoom="${layer}" class="${cls}" title="${escapeHtml(title)}">${layer}</button>`;
  });
  const html = `<button type="button" data-zoom="" class="all">${t("layers.all")}</button>${buttons.join("")}`;
  // Redrawn only when it changed, so that a button being pressed stays the same element.
  if (drawnBars.get(bar) !== html) {
    bar.innerHTML = html;
    drawnBars.set(bar, html);
  }
  bar.hidden = false;
}

const FALL_MS = 320;

const SLIDE_MS = 180;

/// Phones: linked boards one above the other (side by side they would be too small to hit).
const NARROW = matchMedia("(max-width: 760px)");
NARROW.addEventListener("change", () => render());

function seatText(c) {
  const p = ui.state[c];
  if (p.kind === "engine") return t("seat.engine", { level: p.level });
  // An imported record names its players.
  const tag = ui.state.tags?.find(([k]) => k === (c === "white" ? "White" : "Black"));
  if (tag) return tag[1];
  if (ui.mine.has(c)) return t("seat.you");
  return p.seated ? t("seat.human") : t("seat.waiting");
}

function renderPlayer(el, c) {
  const s = ui.state;
  const active = s.status === "active" && s.side_to_move === c;
  el.className = "player" + (active ? " to-move" : "");
  el.dataset.color = c;
  const hand = (shown().hands?.[c] || []);
  const canDrop = (kind) => ui.mine.has(c) && s.status === "active" && !ui.review;
  const hands = hand.map((h) => {
    const k = ui.facts.kinds[h.kind];
    const sel = (ui.drop === h.kind || ui.preDrop === h.kind) && ui.mine.has(c) ? " selected" : "";
    return `<button type="button" class="hand-piece${sel}" data-hand-kind="${h.kind}" data-color="${c}" data-drop="${k.letter}"
      title="${t("hand.drop", { name: pieceName(ui.facts.id, k), count: h.count })}" ${canDrop(h.kind) ? "" : "tabindex=-1"}>${pieceIcon(ui.facts, h.kind, c, settings.pieces, 30)}<span class="count">${h.count}</span></button>`;
  }).join("");
  const html = `<span class="side-dot ${c}"></span><span class="who">${sideName(c)} — ${escapeHtml(seatText(c))}</span>`
    + `<span class="hand" data-hand="${c}">${hands}</span>`
    + (s.clock ? `<span class="clock" data-clock="${c}"></span>` : "");
  // Redrawn only when it changed, so that a hand piece being pressed stays the same element.
  if (drawnBars.get(el) !== html) {
    el.innerHTML = html;
    drawnBars.set(el, html);
  }
}

/// The result in words: "White wins — Black resigned".
function resultText(s) {
  const winner = s.result === "1:0" ? "white" : s.result === "0:1" ? "black" : null;
  const loser = winner && other(winner);
  const head = winner ? t("game.wins", { side: sideName(winner) }) : t("game.draw");
  const why = {
    checkmate: "reason.checkmate", "no legal move": winner ? "reason.no_legal_move_loss" : "reason.no_legal_move_draw",
    repetition: "reason.repetition", "perpetual check": "reason.perpetual", "the fifty-move rule": "reason.fifty",
    "capture of the King": "reason.royal_captured", "bare Kings": "reason.bare_kings", resignation: "reason.resignation",
    agreement: "reason.agreement", time: "reason.time", record: "reason.record",
  }[s.reason];
  const words = why ? t(why, { loser: loser ? sideName(loser) : "", side: sideName(s.side_to_move) }) : s.reason || "";
  return `${head} ${words}`.trim();
}

function renderStatus() {
  const s = ui.state;
  let text;
  if (ui.review) {
    text = ui.review.ply === 0 ? t("game.reviewing_start", { total: s.ply }) : t("game.reviewing", { n: ui.review.ply, total: s.ply });
  } else if (s.status === "over") {
    text = resultText(s);
  } else {
    text = t("game.to_move", { side: sideName(s.side_to_move) });
    if (s.in_check) text += " — " + t("game.check");
    if (s[s.side_to_move].kind === "engine") text += " — " + t("game.thinking");
    else if (moverToken()) text += " — " + t("game.your_move");
  }
  $("status").textContent = text;
  $("status").classList.toggle("over", s.status === "over" && !ui.review);
}

export function renderNotice() {
  const el = $("notice");
  let n = ui.notice;
  if (n?.until && Date.now() > n.until) n = ui.notice = null;
  if (ui.offline) n = { kind: "error", text: t("net.lost") };
  const s = ui.state;
  if (!n && s && !ui.mine.size) n = { kind: "info", text: t("game.watching") };
  if (!n && s && s.status === "active" && s.draw_offer && ui.mine.has(s.draw_offer) && !ui.mine.has(other(s.draw_offer))) {
    n = { kind: "info", text: t("draw.offered_by_you") };
  }
  if (!n && ui.premove) {
    n = { kind: "info", text: t("premove.set", { text: premoveText() }), cancel: true };
  }
  el.hidden = !n;
  el.className = "notice" + (n ? " " + n.kind : "");
  el.textContent = n ? n.text : "";
  if (n?.cancel) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link";
    b.textContent = t("premove.cancel");
    b.onclick = () => { ui.premove = null; render(); };
    el.append(" ", b);
  }
}

function premoveText() {
  const p = ui.premove;
  const name = (c) => ui.facts.board.cells[c].name;
  if (p.drop !== undefined) return `${ui.facts.kinds[p.drop].token}*${name(p.to)}`;
  return `${name(p.from)}-${name(p.to)}`;
}

function renderControls() {
  const s = ui.state;
  const playing = ui.mine.size > 0 && s.status === "active";
  for (const e of document.querySelectorAll(".player-only")) e.hidden = ui.mine.size === 0;
  $("resign").disabled = !playing;
  $("offer-draw").disabled = !playing || (s.draw_offer !== null && ui.mine.has(s.draw_offer));
  const opponentHuman = [...ui.mine.keys()].some((c) => s[other(c)].kind === "human");
  const vsPeople = ui.mine.size === 1 && opponentHuman;
  $("analyse").disabled = s.status === "active" && vsPeople && !ui.review;
  const atStart = (ui.review ? ui.review.ply : s.ply) === 0;
  $("nav-first").disabled = $("nav-prev").disabled = atStart;
  $("nav-next").disabled = $("nav-last").disabled = !ui.review;

  const invite = localStorage.getItem("ccg:invite:" + s.id);
  const open = ["white", "black"].some((c) => s[c].kind === "human" && !s[c].seated);
  $("invite").hidden = !(invite && open);
  if (invite) $("invite-link").value = invite;

  // An offer to this browser's player: a draw, or a rematch.
  const drawTo = s.status === "active" && s.draw_offer && ui.mine.has(other(s.draw_offer)) && !ui.mine.has(s.draw_offer);
  const rematchTo = s.status === "over" && s.rematch && ui.mine.size === 1 && !ui.mine.has(s.rematch.by)
    && ui.rematchDeclined !== s.rematch.id;
  $("offer").hidden = !(drawTo || rematchTo);
  $("offer").dataset.kind = drawTo ? "draw" : rematchTo ? "rematch" : "";
  $("offer-text").textContent = drawTo ? t("draw.offered_to_you") : rematchTo ? t("rematch.offered_to_you") : "";

  $("after").hidden = s.status !== "over";
  const mineRematch = s.rematch && ui.mine.has(s.rematch.by);
  $("rematch").hidden = ui.mine.size === 0 || rematchTo;
  $("rematch").querySelector("span").textContent = mineRematch ? t("rematch.go") : t("btn.rematch");
  const q = new URLSearchParams({ game: s.game });
  for (const o of s.options) q.append("option", o);
  $("new-game").href = "/?" + q.toString();

  $("download").href = `/api/games/${s.id}/record`;
  $("download").setAttribute("download", `${s.game}-${s.id}.rec`);
  for (const id of ["rules", "rules2", "recon-badge"]) $(id).href = s.rules;
}

/// The typed-move entry's suggestions: every legal move whose text starts as typed. Filled while
/// the entry is in use, not with every drawing: a position can have hundreds of moves (Doseki's
/// start 859), which a first load need not build.
export function entrySuggestions() {
  const typed = $("entry-text").value.trim().toLowerCase();
  const moves = moverToken() && ui.state ? ui.state.legal.filter((m) => m.text.toLowerCase().startsWith(typed)) : [];
  $("entry-moves").innerHTML = moves.map((m) => `<option value="${escapeHtml(m.text)}">`).join("");
}

function renderMoves() {
  const s = ui.state;
  const ol = $("moves");
  ol.innerHTML = "";
  const firstBlack = (s.side_to_move === "black") !== (s.ply % 2 === 1);
  let li = null;
  s.moves.forEach((m, i) => {
    const black = firstBlack ? i % 2 === 0 : i % 2 === 1;
    if (!black || !li) {
      li = document.createElement("li");
      ol.append(li);
      if (black) li.innerHTML = '<span class="gap">…</span>';
    }
    const span = document.createElement("span");
    const current = ui.review ? ui.review.ply === i + 1 : i + 1 === s.ply;
    span.className = "move" + (current ? " current" : "");
    span.textContent = m.text;
    span.dataset.ply = i + 1;
    if (m.cascade) {
      // What the capture did on the linked board, shown after the move (not part of its text).
      const name = (c) => ui.facts.board.cells[c]?.name ?? "";
      const arrow = m.cascade.effect === "displaced" ? "↓" : m.cascade.effect === "ascended" ? "↑" : "↑×";
      span.dataset.cascade = `${arrow}${name(m.cascade.to)}`;
      span.title = t("cascade." + m.cascade.effect, { from: name(m.cascade.from), to: name(m.cascade.to) });
    }
    span.onclick = () => hooks.review(i + 1);
    li.append(span);
    if (black) li = null;
  });
  // Keep the current move in view by scrolling the list only, never the page.
  const cur = ol.querySelector(".current");
  if (cur) {
    ol.scrollTop = Math.max(0, cur.offsetTop - ol.clientHeight / 2);
    ol.scrollLeft = Math.max(0, cur.offsetLeft - ol.clientWidth / 2);
  }
  if (document.activeElement === $("entry-text")) entrySuggestions();
  else $("entry-moves").replaceChildren();
  const example = s.legal[0]?.text || s.moves[0]?.text || "";
  $("entry-text").placeholder = example ? t("entry.placeholder", { example }) : t("entry.label");
  $("entry").hidden = ui.mine.size === 0 || s.status !== "active";
}

export function renderAnalysis() {
  const a = ui.analysis;
  const box = $("analysis");
  const ply = shown().ply;
  box.hidden = !a || a.ply !== ply;
  if (box.hidden) return;
  if (a.thinking) {
    $("eval-text").textContent = t("analysis.thinking");
    $("analysis-line").textContent = "";
    return;
  }
  const r = a.result;
  if (!r.best) {
    $("eval-text").textContent = t("analysis.none");
    $("analysis-line").textContent = "";
    return;
  }
  // The score is for the side to move; the bar shows White's share.
  const stm = a.side;
  let white;
  let words;
  if (r.mate_in !== null) {
    const winner = r.mate_in > 0 ? stm : other(stm);
    white = winner === "white" ? 100 : 0;
    words = `${t("analysis.mate", { n: Math.abs(r.mate_in) })} ${t("analysis.for", { side: sideName(winner) })}`;
  } else {
    const cp = stm === "white" ? r.score_cp : -r.score_cp;
    white = 50 + 50 * (2 / (1 + Math.exp(-cp / 400)) - 1);
    words = `${cp >= 0 ? "+" : ""}${(cp / 100).toFixed(2)}`;
  }
  $("eval-white").style.width = `${white.toFixed(1)}%`;
  $("eval-text").textContent = `${words} · ${t("analysis.depth", { d: r.depth, nodes: r.nodes.toLocaleString() })}`;
  $("analysis-line").innerHTML = `<strong>${t("analysis.best")}:</strong> ${escapeHtml(r.best.text)} · <span class="muted">${t("analysis.line")}:</span> ${escapeHtml(r.pv.join(" "))}`;
}

/// Games of group pieces: the movable sets holding the checker chosen last, to pick one whole
/// (its type's name and cells); the one being built is marked.
function renderSets() {
  const box = $("sets");
  const cell = ui.setsCell;
  const show = groupGame() && moverToken() && !ui.review && cell !== null && cell !== undefined;
  const sets = new Map();
  if (show) {
    for (const m of ui.state.legal) {
      if (!m.cells || !m.cells.some(([c]) => c === cell)) continue;
      const key = setKey(m.cells);
      if (!sets.has(key)) sets.set(key, m);
    }
  }
  box.hidden = !sets.size;
  if (!sets.size) { box.innerHTML = ""; return; }
  const current = setKey(ui.moving);
  const name = (c) => ui.facts.board.cells[c].name;
  const kindOf = (m) => ui.facts.kinds.find((k) => k.letter === m.type && k.group) ?? null;
  const buttons = [...sets].map(([key, m]) => {
    const k = kindOf(m);
    const label = `${k ? pieceName(ui.facts.id, k) : m.type} ${[...m.cells].sort((a, b) => a[0] - b[0]).map(([c, n]) => name(c) + (n > 1 ? "²" : "")).join(" ")}`;
    return `<button type="button" data-set="${escapeHtml(JSON.stringify(m.cells))}" class="${key === current ? "selected" : ""}">${escapeHtml(label)}</button>`;
  });
  box.innerHTML = `<div class="muted">${t("sets.title")}</div><div class="row">${buttons.join("")}</div>`;
}

export function render() {
  const s = ui.state;
  if (!s || !ui.facts) return;
  const opts = s.options.map(optionText).join(", ");
  const name = gameName(s.game, s.name);
  $("title").textContent = name + (opts ? ` · ${opts}` : "");
  $("reconstructed").hidden = $("recon-badge").hidden = !s.reconstructed;
  document.title = `${name}${opts ? " · " + opts : ""} — ccg`;
  renderBoard();
  renderSets();
  const bottom = ui.flipped ? "black" : "white";
  renderPlayer($("bottom-player"), bottom);
  renderPlayer($("top-player"), other(bottom));
  renderStatus();
  renderControls();
  renderNotice();
  renderMoves();
  renderAnalysis();
  tick();
}

function clockText(s, c) {
  let ms = s.clock[c + "_ms"];
  if (s.clock.running === c) ms -= Date.now() - s.receivedAt;
  const secs = Math.max(0, Math.ceil(ms / 1000));
  return { text: `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`, ms };
}

export function tick() {
  const s = ui.state;
  if (!s) return;
  if (ui.notice?.until && Date.now() > ui.notice.until) renderNotice();
  if (s.clock) {
    const low = Math.min(30000, Math.max(10000, s.clock.initial_ms * 0.1));
    for (const c of ["white", "black"]) {
      const el = document.querySelector(`[data-clock="${c}"]`);
      if (!el) continue;
      const { text, ms } = clockText(s, c);
      el.textContent = text;
      const isLow = s.status === "active" && ms < low;
      el.classList.toggle("low", isLow);
      el.classList.toggle("running", s.clock.running === c);
      el.title = isLow ? t("clock.low") : "";
      if (isLow && ui.mine.has(c) && s.clock.running === c && !ui.lowWarned) { ui.lowWarned = true; sound.low(); }
    }
    if (s.status === "active" && !s.clock.running) setNote(t("clock.waiting"));
    else setNote("");
    return;
  }
  if (s.status !== "active") { setNote(""); return; }
  const since = s.moves.length ? s.moves[s.moves.length - 1].at : s.created_at;
  const secs = Math.max(0, Math.floor((Date.now() - since) / 1000));
  const tx = secs < 60 ? `${secs}s` : secs < 3600 ? `${Math.floor(secs / 60)}m ${secs % 60}s` : `${Math.floor(secs / 3600)}h ${Math.floor(secs / 60) % 60}m`;
  setNote(t("clock.correspondence", { t: tx }));
}

function setNote(text) {
  const el = $("clock-line");
  el.textContent = text;
  el.hidden = !text;
}
