// The lobby: pick an implemented game and its options, an opponent, and start; list recent games;
// import a record. Player tokens are kept in localStorage so a reload resumes the seat.
"use strict";

const $ = (id) => document.getElementById(id);
let catalogue = [];

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

// One control per option: a select of the listed values, or a text field for free values.
function renderOptions() {
  const g = catalogue.find((x) => x.id === $("game").value);
  const box = $("options");
  box.innerHTML = "";
  if (!g) return;
  $("rules-link").href = g.rules;
  for (const help of g.options) {
    const eq = help.indexOf("=");
    const key = help.slice(0, eq);
    const values = help.slice(eq + 1).split("|");
    const label = document.createElement("label");
    label.textContent = key;
    const free = values.find((v) => v.startsWith("<"));
    let input;
    if (free) {
      input = document.createElement("input");
      input.placeholder = free;
      input.setAttribute("list", "dl-" + key);
      const dl = document.createElement("datalist");
      dl.id = "dl-" + key;
      for (const v of values.filter((v) => !v.startsWith("<"))) dl.append(new Option(v, v));
      label.append(dl);
    } else {
      input = document.createElement("select");
      input.append(new Option("(default)", ""));
      for (const v of values) input.append(new Option(v, v));
    }
    input.dataset.key = key;
    input.className = "option";
    label.append(input);
    box.append(label);
  }
}

async function loadRecent() {
  const { games } = await api("/games?limit=15");
  const tbody = $("recent");
  tbody.innerHTML = "";
  const seat = (s) => (s === "human" ? "human" : s.replace("engine:", "engine L"));
  for (const g of games) {
    const tr = document.createElement("tr");
    tr.innerHTML = `<td><a href="/g/${g.id}">${g.game}</a></td><td>${seat(g.white)}</td><td>${seat(g.black)}</td><td>${g.ply}</td><td>${g.status}</td>`;
    tbody.append(tr);
  }
}

async function init() {
  catalogue = (await api("/catalogue")).games;
  const sel = $("game");
  for (const g of catalogue) {
    const o = new Option(`${g.name} (${g.id})`, g.id);
    o.disabled = !g.implemented;
    if (!g.implemented) o.textContent += " — " + g.status;
    sel.append(o);
  }
  sel.value = catalogue.find((g) => g.implemented)?.id || "";
  sel.addEventListener("change", renderOptions);
  renderOptions();
  $("opponent").addEventListener("change", () => {
    $("level-label").style.display = $("opponent").value === "engine" ? "" : "none";
  });
  $("new-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("error").textContent = "";
    const options = [...document.querySelectorAll(".option")]
      .filter((i) => i.value.trim() !== "")
      .map((i) => `${i.dataset.key}=${i.value.trim()}`);
    const [initial, increment] = $("clock").value.split("+").map(Number);
    try {
      const res = await api("/games", {
        game: sel.value, options, opponent: $("opponent").value,
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

init().catch((e) => { $("error").textContent = "cannot reach the server: " + e.message; });
