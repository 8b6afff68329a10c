// The lobby: pick a game and its rule options (explained in words), an opponent (engine levels
// explained) and a clock, and start; "my games" (kept in this browser) and the server's recent
// games; import a record. Seat tokens are kept in localStorage so a reload resumes the seat.
"use strict";

import { t, optionText, optionKey, gameName } from "./i18n.js";
import { setupHeader } from "./chrome.js";
import { myGames } from "./mygames.js";

const $ = (id) => document.getElementById(id);
let catalogue = [];
const CLOCKS = ["", "180+2", "300+3", "600+5", "900+10", "1800+0"];
const LEVEL_NODES = [60, 400, 2000, 8000, 25000, 60000, 120000, 250000];

function storeTokens(id, tokens) {
  localStorage.setItem("ccg:tokens:" + id, JSON.stringify(tokens));
}

async function api(path, body) {
  const res = await fetch("/api" + path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(data.message || res.statusText);
  return data;
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[ch]));
}

/// One control per option: a select of the listed values in words, or a text field for free
/// values (with the presets offered).
function renderOptions(preset = []) {
  const g = catalogue.find((x) => x.id === $("game").value);
  const box = $("options");
  box.innerHTML = "";
  if (!g) return;
  $("rules-link").href = g.rules;
  $("options-box").hidden = g.options.length === 0;
  for (const help of g.options) {
    const eq = help.indexOf("=");
    const key = help.slice(0, eq);
    const values = help.slice(eq + 1).split("|");
    const label = document.createElement("label");
    label.textContent = optionKey(key);
    const chosen = preset.find((o) => o.startsWith(key + "="))?.slice(key.length + 1);
    const free = values.find((v) => v.startsWith("<"));
    let input;
    if (free) {
      input = document.createElement("input");
      input.placeholder = t("lobby.remove_placeholder");
      input.setAttribute("list", "dl-" + key);
      const dl = document.createElement("datalist");
      dl.id = "dl-" + key;
      for (const v of values.filter((v) => !v.startsWith("<"))) dl.append(new Option(optionText(`${key}=${v}`), v));
      label.append(dl);
      if (chosen) input.value = chosen;
    } else {
      input = document.createElement("select");
      input.append(new Option(t("lobby.option_default"), ""));
      for (const v of values) input.append(new Option(optionText(`${key}=${v}`), v));
      if (chosen) input.value = chosen;
    }
    input.dataset.key = key;
    input.className = "option";
    label.append(input);
    box.append(label);
  }
}

function renderLevels() {
  const sel = $("level");
  const keep = sel.value || "2";
  sel.innerHTML = "";
  for (let l = 1; l <= 8; l++) sel.append(new Option(t(`lobby.level_${l}`), String(l)));
  sel.value = keep;
  $("level-help").textContent = `${t("lobby.help_level")} ${t("lobby.level_nodes", { nodes: LEVEL_NODES.map((n, i) => `${i + 1}: ${n.toLocaleString()}`).join(", ") })}`;
  $("level-help").hidden = $("opponent").value !== "engine";
}

function renderClocks() {
  const sel = $("clock");
  const keep = sel.value;
  sel.innerHTML = "";
  for (const c of CLOCKS) {
    if (!c) { sel.append(new Option(t("lobby.clock_none"), "")); continue; }
    const [i, inc] = c.split("+").map(Number);
    sel.append(new Option(inc ? t("lobby.clock_min_inc", { m: i / 60, s: inc }) : t("lobby.clock_min", { m: i / 60 }), c));
  }
  sel.value = keep;
}

function renderGames() {
  const sel = $("game");
  const keep = sel.value;
  sel.innerHTML = "";
  for (const g of catalogue) {
    const o = new Option(gameName(g.id, g.name), g.id);
    o.disabled = !g.implemented;
    if (!g.implemented) o.textContent += ` — ${t("lobby.not_yet")}`;
    else if (g.reconstructed) o.textContent += ` — ${t("lobby.reconstructed")}`;
    sel.append(o);
  }
  sel.value = keep || catalogue.find((g) => g.implemented)?.id || "";
}

function date(ms) {
  return new Date(ms).toLocaleDateString(document.documentElement.lang, { day: "numeric", month: "short", year: "numeric" });
}

function seatWords(seat, mine) {
  if (mine) return t("seat.you");
  return seat.engine ? t("seat.engine", { level: seat.engine }) : t("seat.human");
}

/// "reconstructed" after a game's name where the catalogue says its setup is our reconstruction.
function reconstructedMark(id) {
  return catalogue.find((g) => g.id === id)?.reconstructed
    ? ` <span class="badge recon" title="${esc(t("rules.reconstructed"))}">${esc(t("lobby.reconstructed"))}</span>` : "";
}

function renderMyGames() {
  const games = myGames();
  $("my-games-none").hidden = games.length > 0;
  const head = `<thead><tr><th>${t("lobby.col_game")}</th><th>${t("lobby.col_white")}</th><th>${t("lobby.col_black")}</th><th>${t("lobby.col_moves")}</th><th>${t("lobby.col_status")}</th><th>${t("lobby.col_date")}</th></tr></thead>`;
  const rows = games.map((g) => {
    const mine = (c) => g.colors.includes(c);
    let status;
    if (g.status === "over") status = g.result === "1/2" ? "½–½" : g.result.replace(":", "–");
    else status = g.colors.includes(g.side_to_move) ? `<strong>${t("lobby.your_move")}</strong>` : t("lobby.in_play");
    const opts = g.options.map(optionText).join(", ");
    return `<tr data-id="${esc(g.id)}"><td><a href="/g/${esc(g.id)}">${esc(gameName(g.game, g.name))}</a>${reconstructedMark(g.game)}${opts ? `<div class="muted">${esc(opts)}</div>` : ""}</td>`
      + `<td>${esc(seatWords(g.white, mine("white")))}</td><td>${esc(seatWords(g.black, mine("black")))}</td><td>${g.ply}</td><td>${status}</td><td>${date(g.updated)}</td></tr>`;
  }).join("");
  $("my-games").innerHTML = games.length ? head + `<tbody>${rows}</tbody>` : "";
}

async function loadRecent() {
  const { games } = await api("/games?limit=15");
  const name = (id) => gameName(id, catalogue.find((g) => g.id === id)?.name || id);
  const seat = (s) => (s === "human" ? t("seat.human") : t("seat.engine", { level: s.replace("engine:", "") }));
  const head = `<thead><tr><th>${t("lobby.col_game")}</th><th>${t("lobby.col_white")}</th><th>${t("lobby.col_black")}</th><th>${t("lobby.col_moves")}</th><th>${t("lobby.col_status")}</th></tr></thead>`;
  $("recent").innerHTML = head + "<tbody>" + games.map((g) => `<tr><td><a href="/g/${esc(g.id)}">${esc(name(g.game))}</a>${reconstructedMark(g.game)}</td><td>${esc(seat(g.white))}</td><td>${esc(seat(g.black))}</td><td>${g.ply}</td><td>${g.status === "over" ? (g.result ? esc(g.result) : "—") : t("lobby.in_play")}</td></tr>`).join("") + "</tbody>";
}

function renderAll() {
  renderGames();
  renderLevels();
  renderClocks();
  renderOptions(currentOptions());
  renderMyGames();
  loadRecent().catch(() => {});
}

function currentOptions() {
  return [...document.querySelectorAll(".option")].filter((i) => i.value.trim() !== "").map((i) => `${i.dataset.key}=${i.value.trim()}`);
}

async function init() {
  setupHeader(renderAll);
  catalogue = (await api("/catalogue")).games;
  const params = new URLSearchParams(location.search);
  renderGames();
  if (params.get("game") && catalogue.some((g) => g.id === params.get("game") && g.implemented)) $("game").value = params.get("game");
  renderLevels();
  renderClocks();
  renderOptions(params.getAll("option"));
  renderMyGames();
  $("game").addEventListener("change", () => renderOptions());
  $("opponent").addEventListener("change", () => {
    const engine = $("opponent").value === "engine";
    $("level-label").hidden = !engine;
    $("level-help").hidden = !engine;
  });
  $("new-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("error").textContent = "";
    const [initial, increment] = $("clock").value.split("+").map(Number);
    try {
      const res = await api("/games", {
        game: $("game").value, options: currentOptions(), opponent: $("opponent").value,
        level: Number($("level").value), color: $("color").value,
        clock: initial ? { initial_s: initial, increment_s: increment } : null,
      });
      storeTokens(res.id, [res.token]);
      if (res.invite) localStorage.setItem("ccg:invite:" + res.id, location.origin + res.invite);
      location.href = res.url;
    } catch (e) {
      $("error").textContent = e.message;
    }
  });
  $("import").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("import-error").textContent = "";
    try {
      const res = await api("/import", { record: $("record").value });
      storeTokens(res.id, [res.tokens.white, res.tokens.black]);
      location.href = res.url;
    } catch (e) {
      $("import-error").textContent = e.message;
    }
  });
  loadRecent().catch(() => {});
}

init().catch((e) => { $("error").textContent = t("lobby.unreachable", { msg: e.message }); });
