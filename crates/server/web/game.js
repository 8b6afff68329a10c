// The game page: draws the board from the server's state, takes moves by click or drag (with
// promotion, drop and chain choosers), follows the game live over server-sent events, and
// resumes the seat after a reload from the tokens kept in localStorage.
"use strict";

const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/").pop();
const ui = { state: null, review: null, mine: new Map(), selected: null, drop: null, flipped: false, flipSet: false, drag: null };

function tokens() {
  try { return JSON.parse(localStorage.getItem("ccg:tokens:" + gameId)) || []; } catch { return []; }
}

async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = "Bearer " + token;
  const res = await fetch("/api/games/" + gameId + path,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) throw new Error(data.message || res.statusText);
  return data;
}

function showError(e) { $("error").textContent = e ? e.message || String(e) : ""; }

// The token that may move now, if this browser holds it.
function moverToken() {
  const s = ui.state;
  return s && s.status === "active" ? ui.mine.get(s.side_to_move) : undefined;
}

function kindName(letter) {
  const k = ui.state.board.kinds.find((k) => k.letter === letter);
  return k ? k.name : letter;
}

function legalFrom(cell) {
  return ui.state.legal.filter((m) => m.from === cell && m.drop === null);
}

function targets() {
  if (!moverToken() || ui.review) return null;
  if (ui.drop) return new Set(ui.state.legal.filter((m) => m.drop === ui.drop).map((m) => m.to));
  if (ui.selected === null) return null;
  return new Set(legalFrom(ui.selected).map((m) => m.to));
}

// What the board shows: the game now, or the position under review.
function shown() {
  return ui.review || ui.state;
}

function lastMove() {
  const s = shown();
  return s.last ? { from: s.last.from, to: s.last.to } : null;
}

function checkCells() {
  const s = shown();
  if (!s.in_check) return null;
  const royal = new Set(ui.state.board.kinds.filter((k) => k.royal).map((k) => k.letter));
  return new Set(s.pieces.filter((p) => p.color === s.side_to_move && royal.has(p.letter)).map((p) => p.cell));
}

function render() {
  const s = ui.state;
  if (!s) return;
  CCGBoard.draw($("board"), { board: s.board, pieces: shown().pieces, selected: ui.review ? null : ui.selected, targets: targets(),
    last: lastMove(), check: checkCells(), flipped: ui.flipped, dragging: ui.drag && ui.drag.ghost ? ui.drag.from : null });
  if (ui.drag && ui.drag.ghost) $("board").append(ui.drag.ghost);
  document.title = `ccg — ${s.game} ${s.id}`;
  $("title").textContent = s.name;
  for (const id of ["rules", "rules2"]) $(id).href = s.rules;
  $("record").href = `/api/games/${s.id}/record`;
  const seat = (c) => {
    const p = s[c];
    const who = p.kind === "engine" ? `engine, level ${p.level}` : ui.mine.has(c) ? "you" : p.seated ? "human" : "waiting for a friend…";
    const hand = (shown().hands?.[c] || []).map((h) => `${h.letter}×${h.count}`).join(" ");
    return `<span>${c === "white" ? "White" : "Black"} — ${who}</span>`
      + `<span class="hand" data-hand="${c}">${hand ? "in hand: " + hand : ""}</span>`
      + `<span>${s.side_to_move === c && s.status === "active" ? "to move" : ""}</span>`
      + (s.clock ? `<span class="clock" data-clock="${c}"></span>` : "");
  };
  const bottom = ui.flipped ? "black" : "white";
  const top = bottom === "white" ? "black" : "white";
  $("top-player").innerHTML = seat(top);
  $("bottom-player").innerHTML = seat(bottom);
  $("top-player").className = "player" + (s.side_to_move === top && s.status === "active" ? " to-move" : "");
  $("bottom-player").className = "player" + (s.side_to_move === bottom && s.status === "active" ? " to-move" : "");
  $("top-player").dataset.color = top;
  $("bottom-player").dataset.color = bottom;

  // Move list, numbered from White's moves.
  const ol = $("moves");
  ol.innerHTML = "";
  const firstBlack = (s.side_to_move === "black") !== (s.ply % 2 === 1);
  let li = null;
  s.moves.forEach((m, i) => {
    const black = firstBlack ? i % 2 === 0 : i % 2 === 1;
    if (!black || !li) {
      li = document.createElement("li");
      ol.append(li);
      if (black) li.innerHTML = "<span>…</span>";
    }
    const span = document.createElement("span");
    span.className = "move" + (ui.review && ui.review.ply === i + 1 ? " current" : "");
    span.textContent = m.text;
    span.dataset.ply = i + 1;
    span.onclick = () => review(i + 1);
    li.append(span);
    if (black) li = null;
  });
  ol.scrollTop = ol.scrollHeight;

  let status;
  if (s.status === "over") {
    status = `Game over: ${s.result} (${s.reason})`;
  } else {
    const mover = s[s.side_to_move];
    status = `${s.side_to_move === "white" ? "White" : "Black"} to move` + (s.in_check ? " — check!" : "");
    if (mover.kind === "engine") status += " (engine thinking…)";
    else if (moverToken()) status += " — your move";
  }
  if (!ui.mine.size) status += " · you are watching";
  if (ui.review) status = `Reviewing the position after move ${ui.review.ply} of ${s.ply} — ⏭ returns to the game`;
  $("status").textContent = status;

  const playing = ui.mine.size > 0 && s.status === "active";
  $("resign").disabled = !playing;
  const opponentHuman = [...ui.mine.keys()].some((c) => s[c === "white" ? "black" : "white"].kind === "human");
  $("offer-draw").disabled = !playing || !opponentHuman || s.draw_offer !== null || ui.mine.size === 2;
  const offered = s.draw_offer && ui.mine.has(s.draw_offer === "white" ? "black" : "white") && !ui.mine.has(s.draw_offer);
  $("draw-offer").hidden = !(offered && s.status === "active");

  // Analysis helps a review, a spectator or a game against the engine, never a game between people.
  const vsPeople = ui.mine.size === 1 && opponentHuman;
  $("analyse").disabled = s.status === "active" && vsPeople;

  const invite = localStorage.getItem("ccg:invite:" + s.id);
  const open = ["white", "black"].some((c) => s[c].kind === "human" && !s[c].seated);
  $("invite").hidden = !(invite && open);
  if (invite) $("invite-link").value = invite;

  // Drop chooser: one button per piece kind that can be dropped now.
  const drops = $("drops");
  drops.innerHTML = "";
  if (moverToken()) {
    const letters = [...new Set(s.legal.filter((m) => m.drop !== null).map((m) => m.drop))];
    for (const l of letters) {
      const b = document.createElement("button");
      b.textContent = `drop ${kindName(l)} (${l})`;
      b.dataset.drop = l;
      if (ui.drop === l) b.className = "primary";
      b.onclick = () => { ui.drop = ui.drop === l ? null : l; ui.selected = null; render(); };
      drops.append(b);
    }
  }
  tick();
}

function setState(s) {
  if (ui.state && s.ply < ui.state.ply) return; // an older push overtaken by a newer answer
  s.receivedAt = Date.now();
  const changed = !ui.state || ui.state.ply !== s.ply || ui.state.status !== s.status;
  ui.state = s;
  if (changed) { ui.selected = null; ui.drop = null; }
  if (!ui.flipSet) { ui.flipped = ui.mine.size === 1 && ui.mine.has("black"); }
  render();
}

// Several legal moves share from and to (promotions, alternative chains): ask which.
function choose(cands) {
  return new Promise((resolve) => {
    const dlg = $("chooser");
    const box = $("choices");
    box.innerHTML = "";
    const promo = cands.some((m) => m.promotion !== null);
    $("chooser-title").textContent = promo ? "Promote to:" : "Which way?";
    for (const m of cands) {
      const b = document.createElement("button");
      b.textContent = m.promotion ? `${kindName(m.promotion)} (${m.promotion})` : m.via.length
        ? m.via.map((c) => ui.state.board.cells[c].name).join("–") + ` (${m.text})` : `no promotion (${m.text})`;
      b.dataset.move = m.text;
      b.onclick = () => { dlg.close(); resolve(m); };
      box.append(b);
    }
    $("chooser-cancel").onclick = () => { dlg.close(); resolve(null); };
    dlg.showModal();
  });
}

async function tryMove(from, to) {
  const cands = ui.drop
    ? ui.state.legal.filter((m) => m.drop === ui.drop && m.to === to)
    : ui.state.legal.filter((m) => m.from === from && m.to === to && m.drop === null);
  if (!cands.length) return false;
  const m = cands.length === 1 ? cands[0] : await choose(cands);
  ui.selected = null;
  ui.drop = null;
  if (!m) { render(); return true; }
  const token = moverToken();
  try {
    showError(null);
    // Show the move at once; the answer (or the push) brings the real state.
    const s = ui.state;
    s.pieces = s.pieces.filter((p) => p.cell !== m.to && p.cell !== m.from).concat(
      m.drop ? [{ cell: m.to, letter: m.drop, color: s.side_to_move }]
        : s.pieces.filter((p) => p.cell === m.from).map((p) => ({ ...p, cell: m.to, letter: m.promotion || p.letter })));
    s.legal = [];
    render();
    setState(await call("POST", "/moves", { move: m.text, ply: s.ply }, token));
  } catch (e) {
    showError(e);
    await refresh();
  }
  return true;
}

function onDown(ev) {
  const s = ui.state;
  if (!s || ui.review) return; // reviewing: the board is read-only
  const cell = CCGBoard.cellAt(ev.clientX, ev.clientY);
  if (cell === null) return;
  const t = targets();
  if (t && t.has(cell)) { tryMove(ui.selected, cell); return; }
  ui.drop = null;
  if (moverToken() && legalFrom(cell).length) {
    ui.selected = cell;
    ui.drag = { from: cell, x: ev.clientX, y: ev.clientY, ghost: null };
    $("board").setPointerCapture(ev.pointerId);
  } else {
    ui.selected = null;
  }
  render();
}

function onMove(ev) {
  const d = ui.drag;
  if (!d) return;
  if (!d.ghost && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 6) return;
  const p = ui.state.pieces.find((p) => p.cell === d.from);
  if (!p) return;
  const pt = CCGBoard.toSvg($("board"), ev.clientX, ev.clientY);
  if (!d.ghost) {
    d.ghost = CCGBoard.drawPiece(document.createElementNS("http://www.w3.org/2000/svg", "g"), 0, 0, p);
    render();
  }
  d.ghost.setAttribute("transform", `translate(${pt.x - CCGBoard.S / 2} ${pt.y - CCGBoard.S / 2})`);
}

function onUp(ev) {
  const d = ui.drag;
  ui.drag = null;
  if (!d || !d.ghost) return;
  const cell = CCGBoard.cellAt(ev.clientX, ev.clientY);
  if (cell !== null && cell !== d.from) tryMove(d.from, cell).then((moved) => { if (!moved) render(); });
  else render();
}

// Shows the position after `ply` moves (the live game when `ply` is the last).
async function review(ply) {
  const s = ui.state;
  ply = Math.max(0, Math.min(ply, s.ply));
  if (ply === s.ply) {
    ui.review = null;
  } else {
    try {
      ui.review = await call("GET", `/position/${ply}`);
    } catch (e) { showError(e); }
  }
  ui.selected = null;
  render();
}

async function refresh() {
  const toks = tokens();
  ui.mine = new Map();
  let s = null;
  for (const t of toks) {
    try {
      s = await call("GET", "", undefined, t);
      if (s.you) ui.mine.set(s.you, t);
    } catch { /* a token of another game: ignore */ }
  }
  if (!s) s = await call("GET", "");
  ui.state = null;
  setState(s);
}

async function join() {
  const invite = new URLSearchParams(location.search).get("invite");
  if (!invite) return;
  history.replaceState(null, "", location.pathname);
  if (tokens().length) return; // already seated here (the creator opened their own link)
  try {
    const r = await call("POST", "/join", { invite });
    localStorage.setItem("ccg:tokens:" + gameId, JSON.stringify([r.token]));
  } catch (e) {
    showError(new Error("cannot join: " + e.message + " — watching instead"));
  }
}

function listen() {
  const es = new EventSource(`/api/games/${gameId}/events`);
  es.addEventListener("state", (ev) => setState(JSON.parse(ev.data)));
}

// Time left on a side's clock, counting down locally since the state arrived.
function clockText(s, c) {
  let ms = s.clock[c + "_ms"];
  if (s.clock.running === c) ms -= Date.now() - s.receivedAt;
  const secs = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;
}

function tick() {
  const s = ui.state;
  if (s && s.clock) {
    for (const c of ["white", "black"]) {
      const el = document.querySelector(`[data-clock="${c}"]`);
      if (el) el.textContent = clockText(s, c);
    }
    const c = s.clock;
    $("clock").textContent = s.status === "active" && !c.running ? "Clocks start after both first moves" : "";
    return;
  }
  if (!s || s.status !== "active") { $("clock").textContent = ""; return; }
  const since = s.moves.length ? s.moves[s.moves.length - 1].at : s.created_at;
  const secs = Math.max(0, Math.floor((Date.now() - since) / 1000));
  const t = secs < 60 ? `${secs}s` : secs < 3600 ? `${Math.floor(secs / 60)}m ${secs % 60}s` : `${Math.floor(secs / 3600)}h ${Math.floor(secs / 60) % 60}m`;
  $("clock").textContent = `Correspondence game · on move for ${t}`;
}

async function init() {
  const svg = $("board");
  svg.addEventListener("pointerdown", onDown);
  svg.addEventListener("pointermove", onMove);
  svg.addEventListener("pointerup", onUp);
  $("nav-first").onclick = () => review(0);
  $("nav-prev").onclick = () => review((ui.review ? ui.review.ply : ui.state.ply) - 1);
  $("nav-next").onclick = () => review((ui.review ? ui.review.ply : ui.state.ply) + 1);
  $("nav-last").onclick = () => review(ui.state.ply);
  document.addEventListener("keydown", (ev) => {
    const keys = { ArrowLeft: "nav-prev", ArrowRight: "nav-next", Home: "nav-first", End: "nav-last" };
    if (keys[ev.key] && ui.state && !ev.target.closest("input, textarea, select")) $(keys[ev.key]).click();
  });
  $("flip").onclick = () => { ui.flipped = !ui.flipped; ui.flipSet = true; render(); };
  $("resign").onclick = async () => {
    if (!confirm("Resign this game?")) return;
    const c = ui.mine.has(ui.state.side_to_move) ? ui.state.side_to_move : [...ui.mine.keys()][0];
    try { setState(await call("POST", "/resign", undefined, ui.mine.get(c))); } catch (e) { showError(e); }
  };
  const drawAction = (action) => async () => {
    const [c] = [...ui.mine.keys()];
    try { setState(await call("POST", "/draw", { action }, ui.mine.get(c))); } catch (e) { showError(e); }
  };
  $("analyse").onclick = async () => {
    const s = ui.state;
    $("analysis").textContent = "thinking…";
    try {
      const res = await fetch("/api/analyse", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ game: s.game, options: s.options, fen: s.fen, depth: 8, movetime_ms: 1000 }) });
      const a = await res.json();
      if (!res.ok) throw new Error(a.message);
      const score = a.mate_in !== null ? `mate in ${Math.abs(a.mate_in)}${a.mate_in < 0 ? " against" : ""}`
        : `${(a.score_cp / 100).toFixed(2)} pawns`;
      $("analysis").textContent = a.best
        ? `Best: ${a.best.text} (${score} for ${s.side_to_move}, depth ${a.depth}) — ${a.pv.join(" ")}` : "no legal move";
    } catch (e) {
      $("analysis").textContent = "";
      showError(e);
    }
  };
  $("offer-draw").onclick = drawAction("offer");
  $("accept-draw").onclick = drawAction("accept");
  $("decline-draw").onclick = drawAction("decline");
  $("copy-invite").onclick = () => { $("invite-link").select(); navigator.clipboard?.writeText($("invite-link").value); };
  await join();
  await refresh();
  listen();
  setInterval(tick, 1000);
  tick();
}

init().catch(showError);
