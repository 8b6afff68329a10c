// The game page: draws the board from the rules facts and the game's state, takes moves by click,
// drag, chain landings, drops from the hand, premoves and typed notation; follows the game live
// over server-sent events; keeps the seat through network trouble (only a token the server
// refuses is forgotten) and resumes it after a reload from the tokens kept in localStorage.
"use strict";

import { t, sideName, pieceName, optionText } from "./i18n.js";
import { setupHeader } from "./chrome.js";
import { draw, cellAt, toSvg, animate, S, pieceUse } from "./board.js";
import { pieceIcon } from "./pieces.js";
import { pieceCard } from "./info.js";
import { settings } from "./settings.js";
import { sound } from "./sound.js";
import { rememberGame, myGames } from "./mygames.js";

const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/").pop();
const other = (c) => (c === "white" ? "black" : "white");

const ui = {
  facts: null, state: null, review: null, mine: new Map(), selected: null, drop: null, chain: [],
  flipped: false, flipSet: false, drag: null, premove: null, preSel: null, preDrop: null, offline: false,
  notice: null, myOffer: false, analysis: null, lowWarned: false, pendingAnimation: null, lay: null,
};

// --- talking to the server ------------------------------------------------------------------

function tokens() {
  try { return JSON.parse(localStorage.getItem("ccg:tokens:" + gameId)) || []; } catch { return []; }
}

function setTokens(list) {
  localStorage.setItem("ccg:tokens:" + gameId, JSON.stringify(list));
}

/// A request to this game's API. Failures to reach the server are marked `network`, refusals
/// carry the status and code.
async function call(method, path, body, token, base = "/api/games/" + gameId) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = "Bearer " + token;
  let res;
  try {
    res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    const e = new Error(t("net.lost"));
    e.network = true;
    throw e;
  }
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) {
    const e = new Error(data?.message || res.statusText);
    e.status = res.status;
    e.code = data?.error;
    e.network = res.status >= 502; // a proxy or a restarting server
    throw e;
  }
  return data;
}

function showError(e) {
  ui.notice = e ? { kind: "error", text: e.message || String(e), until: Date.now() + 8000 } : null;
  renderNotice();
}

/// Reloads the state with every token this browser holds. A token the server refuses (403) is
/// forgotten; a network failure throws and leaves the seats as they were.
async function refresh({ render: draw = true } = {}) {
  const mine = new Map();
  let s = null;
  const held = tokens();
  const answers = await Promise.all(held.map((tok) => call("GET", "", undefined, tok).catch((e) => {
    if (e.network || e.status !== 403) throw e;
    return null; // a token that holds no seat here (any more)
  })));
  const kept = held.filter((_, i) => answers[i]);
  answers.forEach((a, i) => { if (a) { s = a; if (a.you) mine.set(a.you, held[i]); } });
  if (kept.length !== held.length) setTokens(kept);
  if (!s) s = await call("GET", "");
  ui.mine = mine;
  ui.state = null;
  if (draw) setState(s);
  else ui.state = { ...s, receivedAt: Date.now() };
}

let resyncTimer = null;
/// Marks the connection lost and retries until the server answers again.
function connectionLost(delay = 1000) {
  if (!ui.offline) { ui.offline = true; renderNotice(); }
  if (resyncTimer) return;
  resyncTimer = setTimeout(async () => {
    resyncTimer = null;
    try {
      await refresh();
      ui.offline = false;
      ui.notice = { kind: "info", text: t("net.back"), until: Date.now() + 3000 };
      render();
    } catch (e) {
      if (e.network) connectionLost(Math.min(delay * 2, 5000));
      else showError(e);
    }
  }, delay);
}

function listen() {
  const es = new EventSource(`/api/games/${gameId}/events`);
  es.addEventListener("state", (ev) => setState(JSON.parse(ev.data)));
  es.onerror = () => { if (es.readyState !== EventSource.OPEN) connectionLost(); };
  es.onopen = () => { if (ui.offline) connectionLost(0); };
}

// --- what the board shows ---------------------------------------------------------------------

function moverToken() {
  const s = ui.state;
  return s && s.status === "active" ? ui.mine.get(s.side_to_move) : undefined;
}

/// The seat of this browser that waits for the opponent (premoves), if any.
function waitingSeat() {
  const s = ui.state;
  if (!s || s.status !== "active" || ui.review || moverToken()) return null;
  return ui.mine.has(other(s.side_to_move)) ? other(s.side_to_move) : null;
}

function shown() {
  return ui.review || ui.state;
}

const seq = (m) => [...m.via, m.to];
const startsWith = (a, p) => p.every((c, i) => a[i] === c);

function legalFrom(cell) {
  return ui.state.legal.filter((m) => m.from === cell && m.drop === null);
}

/// Cells to click next: for a chosen piece its destinations and, in a capture chain, the next
/// landing cells of the chains that go through the landings chosen so far.
function targets() {
  if (!moverToken() || ui.review) return null;
  if (ui.drop !== null) return new Set(ui.state.legal.filter((m) => m.drop_kind === ui.drop).map((m) => m.to));
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

function checkCells() {
  const s = shown();
  if (!s.in_check) return null;
  const royal = new Set(ui.facts.kinds.filter((k) => k.royal).map((k) => k.kind));
  return new Set(s.pieces.filter((p) => p.color === s.side_to_move && royal.has(p.kind)).map((p) => p.cell));
}

function renderBoard() {
  const s = shown();
  const svg = $("board");
  const path = ui.selected !== null && ui.chain.length ? [ui.selected, ...ui.chain] : null;
  ui.lay = draw(svg, {
    facts: ui.facts, pieces: s.pieces, flipped: ui.flipped, style: settings.pieces, names: settings.names || ui.facts.board.hexagons && settings.names,
    selected: ui.review ? null : (ui.selected ?? ui.preSel), targets: targets(), last: s.last, check: checkCells(),
    premove: ui.premove && !ui.review ? { from: ui.premove.from ?? ui.premove.to, to: ui.premove.to } : null,
    path, hidden: ui.drag && ui.drag.ghost && ui.drag.from !== undefined ? ui.drag.from : null,
  });
  if (ui.drag?.ghost) svg.append(ui.drag.ghost);
  // A move slides into place; a redraw meanwhile (the server's answer) continues the slide.
  if (ui.pendingAnimation && settings.animation && ui.pendingAnimation.from !== ui.pendingAnimation.to) {
    ui.sliding = { ...ui.pendingAnimation, start: performance.now() };
  }
  ui.pendingAnimation = null;
  const sl = ui.sliding;
  if (sl && performance.now() - sl.start < SLIDE_MS) animate(svg, ui.lay, sl.from, sl.to, SLIDE_MS, performance.now() - sl.start);
  else ui.sliding = null;
}

const SLIDE_MS = 180;

// --- the rest of the page ---------------------------------------------------------------------

function seatText(c) {
  const p = ui.state[c];
  if (p.kind === "engine") return t("seat.engine", { level: p.level });
  if (ui.mine.has(c)) return t("seat.you");
  const tag = ui.state.tags?.find(([k]) => k === (c === "white" ? "White" : "Black"));
  if (tag) return tag[1];
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
  el.innerHTML = `<span class="side-dot ${c}"></span><span class="who">${sideName(c)} — ${escapeHtml(seatText(c))}</span>`
    + `<span class="hand" data-hand="${c}">${hands}</span>`
    + (s.clock ? `<span class="clock" data-clock="${c}"></span>` : "");
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch]));
}

/// The result in words: "White wins — Black resigned".
export function resultText(s) {
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

function renderNotice() {
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
  const rematchTo = s.status === "over" && s.rematch && ui.mine.size === 1 && !ui.mine.has(s.rematch.by);
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
  for (const id of ["rules", "rules2"]) $(id).href = s.rules;
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
    span.onclick = () => review(i + 1);
    li.append(span);
    if (black) li = null;
  });
  const cur = ol.querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest", inline: "nearest" });
  const dl = $("entry-moves");
  dl.innerHTML = moverToken() ? s.legal.slice(0, 400).map((m) => `<option value="${m.text}">`).join("") : "";
  const example = s.legal[0]?.text || s.moves[0]?.text || "";
  $("entry-text").placeholder = example ? t("entry.placeholder", { example }) : t("entry.label");
  $("entry").hidden = ui.mine.size === 0 || s.status !== "active";
}

function renderAnalysis() {
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

function render() {
  const s = ui.state;
  if (!s || !ui.facts) return;
  const opts = s.options.map(optionText).join(", ");
  $("title").textContent = s.name + (opts ? ` · ${opts}` : "");
  document.title = `${s.name}${opts ? " · " + opts : ""} — ccg`;
  renderBoard();
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

function setState(s) {
  const prev = ui.state;
  if (prev && s.ply < prev.ply) return; // an older push overtaken by a newer answer
  s.receivedAt = Date.now();
  const advanced = prev && s.ply === prev.ply + 1 && prev.id === s.id;
  if (advanced && !ui.review && s.last && !ui.optimistic) {
    ui.pendingAnimation = s.last;
    (s.pieces.length < prev.pieces.length ? sound.capture : sound.move)();
  }
  if (prev && prev.status === "active" && s.status === "over") sound.end();
  ui.optimistic = false;
  // A draw offer of ours that vanished without ending the game was declined.
  const me = [...ui.mine.keys()];
  if (prev && me.length === 1 && prev.draw_offer === me[0] && s.draw_offer === null && s.status === "active") {
    ui.notice = { kind: "info", text: t("draw.declined"), until: Date.now() + 8000 };
  }
  const changed = !prev || prev.ply !== s.ply || prev.status !== s.status;
  ui.state = s;
  if (changed) { ui.selected = null; ui.drop = null; ui.chain = []; }
  if (!ui.flipSet) ui.flipped = ui.mine.size === 1 && ui.mine.has("black");
  if (ui.mine.size) rememberGame(s, [...ui.mine.keys()]);
  render();
  if (changed) playPremove();
}

// --- moving -------------------------------------------------------------------------------------

/// Several legal moves share from and to (promotions, alternative chains): ask which.
function choose(cands) {
  return new Promise((resolve) => {
    const dlg = $("chooser");
    const box = $("choices");
    box.innerHTML = "";
    const promo = cands.some((m) => m.promotion !== null);
    $("chooser-title").textContent = promo ? t("chooser.promote") : t("chooser.which");
    const mover = ui.state.side_to_move;
    for (const m of cands) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.move = m.text;
      if (m.promotion_kind !== null && m.promotion_kind !== undefined) {
        const k = ui.facts.kinds[m.promotion_kind];
        b.innerHTML = `${pieceIcon(ui.facts, k.kind, mover, settings.pieces, 40)}<span>${pieceName(ui.facts.id, k)} (${k.token})</span>`;
      } else if (promo) {
        const p = ui.state.pieces.find((x) => x.cell === m.from);
        const k = p && ui.facts.kinds[p.kind];
        b.innerHTML = `${k ? pieceIcon(ui.facts, k.kind, mover, settings.pieces, 40) : ""}<span>${t("chooser.stay", { name: k ? pieceName(ui.facts.id, k) : "" })}</span>`;
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

/// Plays a legal move: shows it at once, sends it, and keeps the seat if the network fails.
async function play(m, { animateIt = true } = {}) {
  const s = ui.state;
  const before = structuredClone({ pieces: s.pieces, hands: s.hands, legal: s.legal });
  ui.selected = null;
  ui.drop = null;
  ui.chain = [];
  const mover = s.side_to_move;
  const moving = s.pieces.find((p) => p.cell === m.from && m.drop === null);
  const captured = s.pieces.some((p) => p.cell === m.to && p.color !== mover);
  s.pieces = s.pieces.filter((p) => p.cell !== m.to && !(m.drop === null && p.cell === m.from));
  if (m.drop_kind !== null && m.drop_kind !== undefined) {
    s.pieces.push({ cell: m.to, kind: m.drop_kind, color: mover });
    s.hands[mover] = s.hands[mover].map((h) => (h.kind === m.drop_kind ? { ...h, count: h.count - 1 } : h)).filter((h) => h.count > 0);
  } else if (moving) {
    s.pieces.push({ ...moving, cell: m.to, kind: m.promotion_kind ?? moving.kind });
  }
  s.legal = [];
  ui.optimistic = true;
  if (animateIt && m.drop === null) ui.pendingAnimation = { from: m.from, to: m.to };
  (captured || m.via.length ? sound.capture : sound.move)();
  render();
  try {
    showError(null);
    setState(await call("POST", "/moves", { move: m.text, ply: s.ply }, ui.mine.get(mover)));
  } catch (e) {
    ui.optimistic = false;
    Object.assign(s, before);
    if (e.network) {
      render();
      connectionLost();
    } else {
      showError(e);
      try { await refresh(); } catch (e2) { if (e2.network) connectionLost(); }
    }
  }
}

async function playCandidates(cands, opts) {
  if (!cands.length) return false;
  const m = cands.length === 1 ? cands[0] : await choose(cands);
  if (m) await play(m, opts);
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

function playPremove() {
  const p = ui.premove;
  if (!p || !moverToken()) return;
  ui.premove = null;
  const cands = ui.state.legal.filter((m) => (p.drop !== undefined ? m.drop_kind === p.drop : m.from === p.from && m.drop === null) && m.to === p.to);
  // A premove that became illegal is dropped; of several (promotions) the first is played.
  if (cands.length) play(cands[0]);
  else render();
}

function onDown(ev) {
  const s = ui.state;
  if (!s || ui.review || ev.button > 0) return;
  const cell = cellAt(ev.clientX, ev.clientY);
  if (cell === null) return;
  startLongPress(ev, cell);
  const waiting = waitingSeat();
  if (waiting) return premoveClick(cell, waiting);
  const tg = targets();
  if (tg && tg.has(cell)) {
    if (ui.drop !== null) playCandidates(ui.state.legal.filter((m) => m.drop_kind === ui.drop && m.to === cell));
    else clickTarget(cell);
    return;
  }
  ui.drop = null;
  ui.chain = [];
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
  if (!d || !d.ghost) { if (d && d.drop !== undefined) render(); return; }
  const cell = cellAt(ev.clientX, ev.clientY);
  const opts = { animateIt: false };
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
  ui.chain = [];
  if (ui.drop !== null) ui.drag = { drop: kind, x: ev.clientX, y: ev.clientY, ghost: null };
  render();
}

// --- the piece card on hover or long press ------------------------------------------------------

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

function hideTooltip() {
  clearTimeout(hoverTimer);
  hoverCell = null;
  $("tooltip").hidden = true;
}

function hover(ev) {
  if (ev.pointerType !== "mouse") return;
  const cell = cellAt(ev.clientX, ev.clientY);
  if (cell === hoverCell) return;
  hideTooltip();
  hoverCell = cell;
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

// --- review, analysis, clocks -------------------------------------------------------------------

async function review(ply) {
  const s = ui.state;
  ply = Math.max(0, Math.min(ply, s.ply));
  const from = ui.review ? ui.review.ply : s.ply;
  try {
    ui.review = ply === s.ply ? null : await call("GET", `/position/${ply}`);
  } catch (e) {
    if (e.network) connectionLost(); else showError(e);
    return;
  }
  const now = shown();
  if (ply === from + 1 && now.last) ui.pendingAnimation = now.last;
  ui.selected = null;
  ui.chain = [];
  render();
}

async function analyse() {
  const s = ui.state;
  const pos = shown(); // the position on the board, reviewed or live
  ui.analysis = { ply: pos.ply, thinking: true, side: pos.side_to_move };
  renderAnalysis();
  try {
    const r = await call("POST", "", { game: s.game, options: s.options, fen: pos.fen, depth: 8, movetime_ms: 1000 }, undefined, "/api/analyse");
    if (ui.analysis?.ply === pos.ply) ui.analysis = { ply: pos.ply, side: pos.side_to_move, result: r };
  } catch (e) {
    ui.analysis = null;
    if (e.network) connectionLost(); else showError(e);
  }
  renderAnalysis();
}

function clockText(s, c) {
  let ms = s.clock[c + "_ms"];
  if (s.clock.running === c) ms -= Date.now() - s.receivedAt;
  const secs = Math.max(0, Math.ceil(ms / 1000));
  return { text: `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`, ms };
}

function tick() {
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

// --- buttons ---------------------------------------------------------------------------------------

function myColor() {
  const s = ui.state;
  return ui.mine.has(s.side_to_move) ? s.side_to_move : [...ui.mine.keys()][0];
}

async function act(path, body) {
  try {
    const s = await call("POST", path, body, ui.mine.get(myColor()));
    ui.notice = null;
    setState(s);
  } catch (e) {
    if (e.network) connectionLost(); else showError(e);
  }
}

async function offerDraw() {
  const s = ui.state;
  const me = myColor();
  if (s[other(me)].kind === "engine") { ui.notice = { kind: "info", text: t("draw.engine"), until: Date.now() + 6000 }; renderNotice(); return; }
  if (!s[other(me)].seated) { ui.notice = { kind: "info", text: t("draw.wait_friend"), until: Date.now() + 6000 }; renderNotice(); return; }
  await act("/draw", { action: "offer" });
}

async function rematch() {
  const s = ui.state;
  if (s.rematch && ui.mine.has(s.rematch.by)) { location.href = `/g/${s.rematch.id}`; return; }
  try {
    const r = await call("POST", "/rematch", {}, ui.mine.get(myColor()));
    localStorage.setItem("ccg:tokens:" + r.id, JSON.stringify([r.token]));
    if (r.invite) localStorage.setItem("ccg:invite:" + r.id, location.origin + r.invite);
    location.href = r.url;
  } catch (e) {
    if (e.network) connectionLost(); else showError(e);
  }
}

async function answerOffer(yes) {
  const kind = $("offer").dataset.kind;
  if (kind === "draw") return act("/draw", { action: yes ? "accept" : "decline" });
  if (kind === "rematch") {
    if (!yes) { $("offer").hidden = true; return; }
    return rematch();
  }
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

async function join() {
  const invite = new URLSearchParams(location.search).get("invite");
  if (!invite) return;
  history.replaceState(null, "", location.pathname);
  if (tokens().length) return; // already seated here (the creator opened their own link)
  try {
    const r = await call("POST", "/join", { invite });
    setTokens([r.token]);
  } catch (e) {
    showError(new Error(e.message));
  }
}

async function loadFacts(s) {
  const q = new URLSearchParams();
  for (const o of s.options) q.append("option", o);
  ui.facts = await call("GET", "", undefined, undefined, `/api/rules/${encodeURIComponent(s.game)}?${q}`);
}

async function init() {
  setupHeader(() => { cards.clear(); render(); });
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
  $("nav-first").onclick = () => review(0);
  $("nav-prev").onclick = () => review((ui.review ? ui.review.ply : ui.state.ply) - 1);
  $("nav-next").onclick = () => review((ui.review ? ui.review.ply : ui.state.ply) + 1);
  $("nav-last").onclick = () => review(ui.state.ply);
  document.addEventListener("keydown", (ev) => {
    const keys = { ArrowLeft: "nav-prev", ArrowRight: "nav-next", Home: "nav-first", End: "nav-last" };
    if (keys[ev.key] && ui.state && !ev.target.closest("input, textarea, select")) $(keys[ev.key]).click();
    if (ev.key === "Escape") { ui.selected = null; ui.chain = []; ui.drop = null; ui.preSel = null; hideTooltip(); render(); }
  });
  $("flip").onclick = () => { ui.flipped = !ui.flipped; ui.flipSet = true; render(); };
  $("resign").onclick = () => { if (confirm(t("confirm.resign"))) act("/resign"); };
  $("offer-draw").onclick = offerDraw;
  $("offer-accept").onclick = () => answerOffer(true);
  $("offer-decline").onclick = () => answerOffer(false);
  $("rematch").onclick = rematch;
  $("analyse").onclick = analyse;
  $("entry").addEventListener("submit", typedMove);
  $("copy-invite").onclick = () => { $("invite-link").select(); navigator.clipboard?.writeText($("invite-link").value).catch(() => {}); };
  await join();
  for (;;) {
    try { await refreshFirst(); break; } catch (e) {
      if (!e.network) throw e;
      ui.offline = true;
      renderNotice();
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  listen();
  setInterval(tick, 1000);
}

/// The first load: the state (with every token held) and the rules facts of its game, fetched
/// together when this browser already knows which game and options the id is.
async function refreshFirst() {
  const known = myGames().find((x) => x.id === gameId);
  const facts = known ? loadFacts(known) : null;
  await Promise.all([refresh({ render: false }), facts]);
  if (!ui.facts || ui.facts.id !== ui.state.game) await loadFacts(ui.state);
  const s = ui.state;
  ui.state = null;
  setState(s);
}

init().catch(showError);
