// The game page: loads the game's state and its rules facts, follows the game live over
// server-sent events, sends moves and the players' actions, and keeps the seat through network
// trouble (only a token the server refuses is forgotten); seats are resumed after a reload from
// the tokens kept in localStorage. Drawing is game-view.js, input game-input.js.
"use strict";

import { t } from "./i18n.js";
import { setupHeader } from "./chrome.js";
import { sound } from "./sound.js";
import { rememberGame, myGames } from "./mygames.js";
import { $, ui, gameId, other, shown, myColor } from "./game-state.js";
import { render, renderNotice, renderAnalysis, showError, tick, hooks } from "./game-view.js";
import { setupInput, playPremove, cancelChoice, clearCards } from "./game-input.js";

function tokens() {
  try { return JSON.parse(localStorage.getItem("ccg:tokens:" + gameId)) || []; } catch { return []; }
}

function setTokens(list) {
  localStorage.setItem("ccg:tokens:" + gameId, JSON.stringify(list));
}

/// The "token" of a seat that belongs to the signed-in account: the session cookie proves it.
const ACCOUNT = "@account";

/// The answer early.js already asked for (GET `url` with `token`), once; null if none.
function takeEarly(url, token) {
  const key = `${url}|${token && token !== ACCOUNT ? token : ""}`;
  const answer = window.ccgEarly?.get(key);
  window.ccgEarly?.delete(key);
  return answer || null;
}

/// A request to this game's API. Failures to reach the server are marked `network`, refusals
/// carry the status and code.
async function call(method, path, body, token, base = "/api/games/" + gameId) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token && token !== ACCOUNT) headers.Authorization = "Bearer " + token;
  let res;
  try {
    const early = method === "GET" ? takeEarly(base + path, token) : null;
    res = await (early || fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
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
  if (s.you && !mine.has(s.you)) mine.set(s.you, ACCOUNT);
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

/// The state as the server gave it, without what this page adds or what only the seat's own
/// answer has (`you`): two of them are the same game state when these are equal.
const viewKey = (s) => JSON.stringify({ ...s, receivedAt: undefined, you: undefined });

function listen() {
  const es = new EventSource(`/api/games/${gameId}/events`);
  // A stream's first event is the state now: most often the one just loaded, which is not drawn
  // again (Doseki's board is ~4000 elements).
  let first = true;
  es.addEventListener("state", (ev) => {
    const s = JSON.parse(ev.data);
    const prev = ui.state;
    const repeat = first && prev && !ui.optimistic && prev.id === s.id && prev.ply === s.ply && viewKey(prev) === viewKey(s);
    first = false;
    if (!repeat) setState(s);
  });
  es.onerror = () => { if (es.readyState !== EventSource.OPEN) connectionLost(); };
  es.onopen = () => { first = true; if (ui.offline) connectionLost(0); };
}

function setState(s) {
  const prev = ui.state;
  if (prev && s.ply < prev.ply) return; // an older push overtaken by a newer answer
  s.receivedAt = Date.now();
  const advanced = prev && s.ply === prev.ply + 1 && prev.id === s.id;
  if (advanced && !ui.review && s.last && !ui.optimistic) {
    ui.pendingAnimation = { ...s.last, cascade: s.moves[s.ply - 1]?.cascade };
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
  if (changed) { ui.selected = null; ui.drop = null; ui.chain = []; ui.moving.clear(); ui.lead = ui.setsCell = null; }
  if (!ui.flipSet) ui.flipped = ui.mine.size === 1 && ui.mine.has("black");
  if (ui.mine.size) rememberGame(s, [...ui.mine.keys()]);
  render();
  if (changed) playPremove();
}

/// The stack kind of `a` plus (`sign` 1) or minus (-1) the checkers of `b`, if it is a kind.
function stackKind(facts, a, b, sign) {
  const sa = facts.kinds[a]?.stack;
  const sb = facts.kinds[b]?.stack;
  if (!sa || !sb) return null;
  const want = sa.sizes.map((n, i) => n + sign * sb.sizes[i]);
  const k = facts.kinds.find((x) => x.stack && x.stack.sizes.every((n, i) => n === want[i]));
  return k ? k.kind : null;
}

/// The pieces after a group move, shown until the server answers: its checkers leave their
/// cells and land, taking what stands there (the answer names the new groups).
function groupMoved(pieces, m, mover) {
  const at = new Map(pieces.map((p) => [p.cell, { ...p }]));
  const lead = at.get(m.cells[0][0]);
  for (const [c, k] of m.cells) {
    const p = at.get(c);
    p.count = (p.count || 1) - k;
    if (p.count <= 0) at.delete(c);
  }
  m.cells.forEach(([, k], i) => {
    const p = at.get(m.dests[i]);
    if (p && p.color === mover) p.count = (p.count || 1) + k;
    else at.set(m.dests[i], { ...lead, cell: m.dests[i], count: k, group: -1 });
  });
  return [...at.values()];
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
  const target = s.pieces.find((p) => p.cell === m.to);
  const captured = target && target.color !== mover;
  if (m.cells) {
    s.pieces = groupMoved(s.pieces, m, mover);
  } else {
    s.pieces = s.pieces.filter((p) => p.cell !== m.to && !(m.drop === null && p.cell === m.from));
    if (m.drop_kind !== null && m.drop_kind !== undefined) {
      s.pieces.push({ cell: m.to, kind: m.drop_kind, color: mover });
      s.hands[mover] = s.hands[mover].map((h) => (h.kind === m.drop_kind ? { ...h, count: h.count - 1 } : h)).filter((h) => h.count > 0);
    } else if (moving) {
      // A stack: a part moves and the rest stays (partition), or it merges with an own stack.
      const part = m.part ?? moving.kind;
      const rest = m.part !== null && m.part !== undefined ? stackKind(ui.facts, moving.kind, part, -1) : null;
      if (rest !== null) s.pieces.push({ ...moving, kind: rest });
      const merged = target && target.color === mover ? stackKind(ui.facts, target.kind, part, 1) : null;
      s.pieces.push({ ...moving, cell: m.to, kind: m.promotion_kind ?? merged ?? part });
    }
  }
  s.legal = [];
  ui.optimistic = true;
  ui.moving.clear();
  ui.lead = ui.setsCell = null;
  if (animateIt && m.drop === null) ui.pendingAnimation = { from: m.from, to: m.to, cells: m.cells ? [...m.cells.map(([c]) => c), ...m.dests] : null };
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
  if (ply === from + 1 && now.last) ui.pendingAnimation = { ...now.last, cascade: s.moves[ply - 1]?.cascade };
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

/// Asks for a rematch (or takes the seat in the one the opponent asked for) and goes to it.
async function rematch() {
  try {
    const r = await call("POST", "/rematch", undefined, ui.mine.get(myColor()));
    if (r.token) localStorage.setItem("ccg:tokens:" + r.id, JSON.stringify([r.token]));
    location.href = r.url;
  } catch (e) {
    if (e.network) connectionLost(); else showError(e);
  }
}

async function answerOffer(yes) {
  const kind = $("offer").dataset.kind;
  if (kind === "draw") return act("/draw", { action: yes ? "accept" : "decline" });
  if (kind === "rematch") {
    if (!yes) { ui.rematchDeclined = ui.state.rematch.id; render(); return; }
    return rematch();
  }
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

/// The rules facts the page preloads (its game's, named by the server), if it names them.
async function loadPreloadedFacts() {
  const link = document.getElementById("facts-preload");
  if (link) ui.facts = await call("GET", "", undefined, undefined, link.getAttribute("href"));
}

async function init() {
  setupHeader(() => { clearCards(); render(); });
  hooks.review = review;
  setupInput({ play });
  $("nav-first").onclick = () => review(0);
  $("nav-prev").onclick = () => review((ui.review ? ui.review.ply : ui.state.ply) - 1);
  $("nav-next").onclick = () => review((ui.review ? ui.review.ply : ui.state.ply) + 1);
  $("nav-last").onclick = () => review(ui.state.ply);
  document.addEventListener("keydown", (ev) => {
    const keys = { ArrowLeft: "nav-prev", ArrowRight: "nav-next", Home: "nav-first", End: "nav-last" };
    if (keys[ev.key] && ui.state && !ev.target.closest("input, textarea, select")) $(keys[ev.key]).click();
    if (ev.key === "Escape") cancelChoice();
  });
  $("flip").onclick = () => { ui.flipped = !ui.flipped; ui.flipSet = true; render(); };
  $("resign").onclick = () => { if (confirm(t("confirm.resign"))) act("/resign"); };
  $("offer-draw").onclick = offerDraw;
  $("offer-accept").onclick = () => answerOffer(true);
  $("offer-decline").onclick = () => answerOffer(false);
  $("rematch").onclick = rematch;
  $("analyse").onclick = analyse;
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
/// together when the page names them (its preload) or this browser knows which game and options
/// the id is.
async function refreshFirst() {
  const known = myGames().find((x) => x.id === gameId);
  const facts = document.getElementById("facts-preload") ? loadPreloadedFacts() : known ? loadFacts(known) : null;
  await Promise.all([refresh({ render: false }), facts]);
  if (!ui.facts || ui.facts.id !== ui.state.game) await loadFacts(ui.state);
  const s = ui.state;
  ui.state = null;
  setState(s);
}

init().catch(showError);
