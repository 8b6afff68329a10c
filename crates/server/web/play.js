// The players' page (/play): sign up or in, the lobby's open seeks live (server-sent events),
// post a seek or challenge a username, accept one (the game opens for both), ratings and the
// leaderboard. The session is an HttpOnly cookie the browser sends by itself.
"use strict";

const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const r = await fetch("/api" + path, init);
  const v = await r.json().catch(() => ({}));
  return { ok: r.ok, status: r.status, v };
}

function cell(tr, text) {
  const td = document.createElement("td");
  td.textContent = text;
  tr.append(td);
  return td;
}

const rating = (r) => `${Math.round(r.rating)}${r.provisional ? "?" : ""}`;
let me = null;

async function refreshMe() {
  // Asked in a way that answers 200 signed in or not, so a signed-out page logs no error.
  const { ok, v } = await api("/session");
  me = ok ? v.account : null;
  $("sign-form").hidden = !!me;
  $("me").hidden = !me;
  $("seeking").hidden = !me;
  if (!me) return;
  $("me-name").textContent = me.username;
  const body = $("my-ratings").tBodies[0];
  body.replaceChildren();
  for (const r of me.ratings) {
    const tr = body.insertRow();
    tr.dataset.game = r.game;
    cell(tr, r.game);
    cell(tr, rating(r)).className = "rating";
    cell(tr, String(r.games));
  }
  const list = $("my-games");
  list.replaceChildren();
  for (const g of me.games) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/g/${g.id}`;
    a.textContent = `${g.game} as ${g.color}${g.rated ? " (rated)" : ""}: ${g.result || g.status}, ${new Date(g.updated_at).toLocaleString()}`;
    li.append(a);
    list.append(li);
  }
}

async function sign(path) {
  const body = { username: $("username").value, password: $("password").value };
  const { ok, v } = await api(path, body);
  $("sign-error").textContent = ok ? "" : v.message || "failed";
  if (ok) {
    await refreshMe();
    listen();
  }
}

function showSeeks(seeks) {
  const body = $("seeks").tBodies[0];
  body.replaceChildren();
  for (const s of seeks) {
    const tr = body.insertRow();
    tr.dataset.seek = s.id;
    cell(tr, s.username + (s.challenge ? ` → ${s.challenge}` : ""));
    cell(tr, `${s.game}${s.rated ? " rated" : " casual"}`);
    cell(tr, s.clock ? `${s.clock[0] / 60000}+${s.clock[1] / 1000}` : "∞");
    const mine = me && s.username === me.username;
    const act = cell(tr, "");
    if (me) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = mine ? "Cancel" : "Accept";
      b.className = mine ? "seek-cancel" : "seek-accept";
      b.addEventListener("click", () => (mine ? cancel(s.id) : accept(s.id)));
      act.append(b);
    }
    cell(tr, s.color);
  }
}

// The accepting player learns of the game twice (the accept answer and the lobby's "started"
// event): leave once, or the second navigation aborts the first.
let leaving = false;
function toGame(url) {
  if (leaving) return;
  leaving = true;
  location.href = url;
}

async function accept(id) {
  const { ok, v } = await api(`/seeks/${id}/accept`, {});
  if (ok) toGame(v.url);
  else $("seek-error").textContent = v.message || "failed";
}

async function cancel(id) {
  await api(`/seeks/${id}/cancel`, {});
}

async function postSeek(e) {
  e.preventDefault();
  const minutes = Number($("seek-minutes").value);
  const body = {
    game: $("seek-game").value,
    rated: $("seek-rated").checked,
    clock: minutes > 0 ? { initial_s: Math.round(minutes * 60), increment_s: Number($("seek-increment").value) } : null,
  };
  const challenge = $("seek-challenge").value.trim();
  if (challenge) body.challenge = challenge;
  const { ok, v } = await api("/seeks", body);
  $("seek-error").textContent = ok ? "" : v.message || "failed";
}

async function leaderboard() {
  const { ok, v } = await api(`/leaderboard/${encodeURIComponent($("board-game").value)}`);
  const body = $("leaderboard").tBodies[0];
  body.replaceChildren();
  for (const p of ok ? v.players : []) {
    const tr = body.insertRow();
    cell(tr, p.username);
    cell(tr, rating(p));
    cell(tr, String(p.games));
  }
}

let events = null;
function listen() {
  if (events) events.close();
  events = new EventSource("/api/lobby/events");
  events.addEventListener("seeks", (e) => showSeeks(JSON.parse(e.data).seeks));
  // One of my seeks was accepted: to the game.
  events.addEventListener("started", (e) => toGame(JSON.parse(e.data).url));
}

async function main() {
  const { v } = await api("/catalogue");
  for (const g of (v.games || []).filter((g) => g.implemented)) {
    for (const sel of [$("seek-game"), $("board-game")]) sel.add(new Option(`${g.name} (${g.id})`, g.id));
  }
  $("sign-form").addEventListener("submit", (e) => { e.preventDefault(); sign("/account/signin"); });
  $("sign-up").addEventListener("click", () => sign("/account/signup"));
  $("sign-out").addEventListener("click", async () => { await api("/account/signout", {}); await refreshMe(); listen(); });
  $("seek-form").addEventListener("submit", postSeek);
  $("board-game").addEventListener("change", leaderboard);
  await refreshMe();
  listen();
  await leaderboard();
}

main();
