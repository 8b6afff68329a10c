// The rules for players, one page per game (/rules#mgc): plain words from rules-en.js /
// rules-ru.js, and everything that must agree with the rules computed from the rules facts
// (/api/rules): the setup diagram, every piece with its move diagram and the words for its
// modes, promotion zones, castlings, drop restrictions, the rule options. One click further:
// our rulings word for word (the game's sections of docs/rules.md, served at /rules.md) and the
// author's own text (his blog post, static/source/).
"use strict";

import { t, locale, optionText, gameName } from "./i18n.js";
import { setupHeader } from "./chrome.js";
import { draw, svgEl } from "./board.js";
import { pieceCard } from "./info.js";
import { settings } from "./settings.js";

const $ = (id) => document.getElementById(id);
let catalogue = [];
let rulesMd = null;
const content = {};
/// The author's text of each game (static/source/*.txt).
const SOURCES = { mgc: "mgc", mgc1: "mgc1", guru: "guru", avantgarde: "avantgarde", shogi: "shogi", shogi1: "shogi1",
  cheskers: "cheskers", cubic: "cubic", "cubic-asym": "cubic", nihongi: "nihongi", brilliant: "brilliant",
  pyramids1: "pyramids1", "pyramids2-weak7": "pyramids2", "pyramids2-weak9": "pyramids2", "pyramids2-strong": "pyramids2",
  "pyramids2-cheskers7": "pyramids2", "pyramids2-cheskers9": "pyramids2", pyramids5: "pyramids5", "pyramids5-cheskers": "pyramids5",
  pyramids6: "pyramids6", "pyramids6-checkers": "pyramids6", bermuda: "bermuda", omino: "omino", nomino: "nomino", doseki: "doseki" };

async function getJson(url) {
  const r = await fetch(url);
  const data = await r.json();
  if (!r.ok) throw new Error(data.message || r.statusText);
  return data;
}

async function texts() {
  if (!content[locale]) content[locale] = (await import(`./rules-${locale}.js`)).default;
  return content[locale];
}

function esc(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/// Inline markup of the texts and of docs/rules.md: `code`, **bold**, *italic*, [links](url).
function inline(s) {
  return esc(s)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*]+)\*/g, "<em>$1</em>")
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '<a href="$2">$1</a>');
}

function paragraphs(list) {
  return (Array.isArray(list) ? list : [list]).filter(Boolean).map((p) => `<p>${inline(p)}</p>`).join("");
}

/// A small Markdown reader for docs/rules.md: headings, paragraphs, lists, tables, code.
function markdown(md) {
  const out = [];
  const lines = md.split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.startsWith("```")) {
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) code.push(esc(lines[i]));
      out.push(`<pre><code>${code.join("\n")}</code></pre>`);
      i++;
    } else if (/^#{1,6} /.test(line)) {
      const level = line.indexOf(" ");
      out.push(`<h${level + 1}>${inline(line.slice(level + 1))}</h${level + 1}>`);
      i++;
    } else if (line.startsWith("|")) {
      const rows = [];
      for (; i < lines.length && lines[i].startsWith("|"); i++) {
        if (/^\|[\s|:-]+\|$/.test(lines[i])) continue;
        rows.push(lines[i].slice(1, -1).split("|").map((c) => `<td>${inline(c.trim())}</td>`).join(""));
      }
      out.push(`<table>${rows.map((r) => `<tr>${r}</tr>`).join("")}</table>`);
    } else if (/^\s*([-*]|\d+\.) /.test(line)) {
      const items = [];
      for (; i < lines.length && /^\s*([-*]|\d+\.) /.test(lines[i]); i++) {
        let item = lines[i].replace(/^\s*([-*]|\d+\.) /, "");
        while (i + 1 < lines.length && /^\s{2,}\S/.test(lines[i + 1]) && !/^\s*([-*]|\d+\.) /.test(lines[i + 1])) item += " " + lines[++i].trim();
        items.push(`<li>${inline(item)}</li>`);
      }
      out.push(`<ul>${items.join("")}</ul>`);
    } else if (line.trim() === "") {
      i++;
    } else {
      const para = [];
      for (; i < lines.length && lines[i].trim() !== "" && !/^(#|\||```|\s*([-*]|\d+\.) )/.test(lines[i]); i++) para.push(lines[i]);
      out.push(`<p>${inline(para.join(" "))}</p>`);
    }
  }
  return out.join("\n");
}

/// The sections of docs/rules.md about `id`: "All games", every heading naming `id` in
/// backticks (with its subsections), and the engine-comparison options when the game has them.
function rulings(md, id, facts) {
  const lines = md.split("\n");
  const sections = [];
  let cur = null;
  for (const line of lines) {
    const h = /^(#{2,3}) (.*)$/.exec(line);
    if (h) {
      cur = { level: h[1].length, title: h[2], lines: [line] };
      sections.push(cur);
    } else if (cur) cur.lines.push(line);
  }
  const names = (s) => [...s.title.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]);
  const opts = facts.option_help.map((o) => o.split("=")[0]);
  // A game's section names it in its heading, or (one section for several ids, Pyramids) in
  // the text of the section and its subsections.
  const group = new Map();
  let head = null;
  for (const s of sections) {
    if (s.level === 2) head = s;
    if (head) group.set(head, (group.get(head) || "") + s.lines.join("\n"));
  }
  const ours = (s) => names(s).includes(id) || (names(s).length === 0 && group.get(s).includes("`" + id + "`"));
  const keep = [];
  let inGame = false;
  for (const s of sections) {
    if (s.level === 2) inGame = s.title !== "All games" && ours(s);
    const engineOptions = /other engines/.test(s.title) && opts.some((k) => s.lines.join("\n").includes("`" + k + "="));
    if (s.title === "All games" || names(s).includes(id) || (inGame && s.level === 3) || engineOptions) keep.push(s.lines.join("\n"));
  }
  return keep.join("\n\n");
}

/// Cells of a space-separated list of names.
function cellsOf(facts, names) {
  const idx = new Map(facts.board.cells.map((c, i) => [c.name, i]));
  return (names || "").split(/\s+/).filter(Boolean).map((n) => idx.get(n)).filter((i) => i !== undefined);
}

/// Pieces of a diagram spec "K:e5 p:d6 +P:c3": upper case White, lower case Black; a stack as in
/// position strings, "(21.):e4" White, "(.21):e4" Black.
function piecesOf(facts, spec) {
  const idx = new Map(facts.board.cells.map((c, i) => [c.name, i]));
  const out = [];
  for (const item of (spec || "").split(/\s+/).filter(Boolean)) {
    const [token, cell] = item.split(":");
    const stack = /^\((\d*)\.(\d*)\)$/.exec(token);
    if (stack) {
      const k = facts.kinds.find((x) => x.stack?.code === (stack[1] || stack[2]));
      if (k && idx.has(cell)) out.push({ cell: idx.get(cell), kind: k.kind, color: stack[1] ? "white" : "black" });
      continue;
    }
    const promoted = token.startsWith("+");
    const letter = token.replace("+", "");
    const color = letter === letter.toUpperCase() ? "white" : "black";
    const k = facts.kinds.find((x) => x.letter === letter.toUpperCase() && x.promoted === promoted);
    if (k && idx.has(cell)) out.push({ cell: idx.get(cell), kind: k.kind, color });
  }
  return out;
}

function figure(svg, caption) {
  const fig = document.createElement("figure");
  fig.append(svg);
  if (caption) fig.insertAdjacentHTML("beforeend", `<figcaption>${inline(caption)}</figcaption>`);
  return fig;
}

function boardSvg(facts, view, cls = "small") {
  const svg = svgEl("svg");
  svg.classList.add(cls);
  draw(svg, { facts, style: settings.pieces, pieces: [], ...view });
  return svg;
}

/// A diagram of a special rule, from its spec in the texts or generated from the facts.
function specialFigures(facts, spec) {
  const figs = [];
  const kindOf = (token) => facts.kinds.find((k) => k.token === token);
  if (spec.zone) {
    const k = kindOf(spec.zone);
    const zone = new Set(k ? k.promotion.flatMap((z) => z.zone) : []);
    figs.push(figure(boardSvg(facts, { zone, pieces: setupPieces(facts) }), spec.caption || t("rules.promotion_zone")));
  }
  if (spec.drops) {
    const k = kindOf(spec.drops);
    figs.push(figure(boardSvg(facts, { zone: new Set(k?.drop?.forbidden || []) }), spec.caption));
  }
  if (spec.castlings) {
    for (const c of facts.rules.castlings.filter((c) => c.side === "white")) {
      const king = facts.setup.find((p) => p.cell === c.king[0]);
      const rooks = c.rooks.map(([from]) => facts.setup.find((p) => p.cell === from)).filter(Boolean);
      const before = [king, ...rooks].filter(Boolean);
      const after = [{ ...king, cell: c.king[1] }, ...rooks.map((r, i) => ({ ...r, cell: c.rooks[i][1] }))];
      const row = document.createElement("div");
      row.className = "figure-row";
      row.append(figure(boardSvg(facts, { pieces: before, zone: new Set(c.empty) }), `${c.name}: ${t("rules.castling_before")}`));
      row.append(figure(boardSvg(facts, { pieces: after, last: { from: c.king[0], to: c.king[1] } }), `${c.name}: ${t("rules.castling_after")}`));
      figs.push(row);
    }
  }
  if (spec.pieces || spec.marks || spec.path) {
    const marks = new Map();
    for (const [type, names] of Object.entries(spec.marks || {})) for (const c of cellsOf(facts, names)) marks.set(c, { type });
    figs.push(figure(boardSvg(facts, { pieces: piecesOf(facts, spec.pieces), marks, path: cellsOf(facts, spec.path) }), spec.caption));
  }
  return figs;
}

function setupPieces(facts) {
  return facts.setup.map((p) => ({ cell: p.cell, kind: p.kind, color: p.color }));
}

function section(title, id) {
  const s = document.createElement("section");
  s.id = id;
  s.innerHTML = `<h2>${esc(title)}</h2>`;
  return s;
}

async function renderGame(id) {
  const root = $("rules");
  const info = catalogue.find((g) => g.id === id);
  const words = (await texts())[id] || {};
  root.innerHTML = "";
  const head = document.createElement("div");
  head.innerHTML = `<h1>${esc(gameName(id, info.name))}</h1>`;
  root.append(head);
  if (!info.implemented) {
    head.insertAdjacentHTML("beforeend", `<div class="banner">${esc(t("rules.reconstructed"))}</div><p>${esc(t("rules.not_implemented"))}</p>`);
    return;
  }
  const facts = await getJson(`/api/rules/${encodeURIComponent(id)}`);
  rulesMd = rulesMd || await (await fetch("/rules.md")).text();
  // Reconstructed: the catalogue or our rulings say so (a heading of the game's section).
  const ruled = /reconstruct/i.test(rulings(rulesMd, id, facts).split("\n").filter((l) => /^##/.test(l) && l.includes("`" + id + "`")).join("\n"));
  if (words.reconstructed || ruled || facts.reconstructed || info.reconstructed || /reconstruct/i.test(info.status)) {
    head.insertAdjacentHTML("beforeend", `<div class="banner" id="reconstructed">${inline(words.reconstructed || t("rules.reconstructed"))}</div>`);
  }
  head.insertAdjacentHTML("beforeend", `<div class="rules-text">${paragraphs(words.intro)}</div>
    <p><a class="button primary" href="/?game=${encodeURIComponent(id)}">${esc(t("rules.play"))}</a></p>`);

  const setup = section(t("rules.board_setup"), "setup");
  setup.insertAdjacentHTML("beforeend", `<div class="rules-text">${paragraphs(words.board)}</div>`);
  const setupFig = figure(boardSvg(facts, { pieces: setupPieces(facts) }, "setup"), t("rules.setup_caption"));
  setupFig.classList.add("setup-figure");
  setup.append(setupFig);
  root.append(setup);

  const pieces = section(t("rules.pieces"), "pieces");
  pieces.insertAdjacentHTML("beforeend", `<details class="symbols"><summary>${esc(t("rules.symbols"))}</summary><p>${esc(t("rules.symbols_text"))}</p></details>`);
  const grid = document.createElement("div");
  grid.className = "pieces-grid";
  // Promoted kinds right after the kind they come from; a type of group pieces once, as the kind
  // of its shape's first cell (its kinds differ only in the checkers on a cell).
  const kinds = facts.kinds.filter((k) => !k.group || k.group.checkers === (k.diagram.shape[0]?.[1] ?? 1));
  const order = kinds.filter((k) => !k.promoted).flatMap((k) => [k, ...kinds.filter((p) => p.promoted && p.demotes_to === k.kind)]);
  for (const k of order.concat(kinds.filter((k) => !order.includes(k)))) grid.append(pieceCard(facts, k, "white", settings.pieces));
  pieces.append(grid);
  if (words.pieces) pieces.insertAdjacentHTML("beforeend", `<div class="rules-text">${paragraphs(words.pieces)}</div>`);
  root.append(pieces);

  if (words.special?.length) {
    const sp = section(t("rules.special"), "special");
    for (const item of words.special) {
      const block = document.createElement("div");
      block.className = "special";
      block.innerHTML = `<h3>${inline(item.title)}</h3><div class="rules-text">${paragraphs(item.text)}</div>`;
      const figs = specialFigures(facts, item);
      if (figs.length) {
        const row = document.createElement("div");
        row.className = "figure-row";
        row.append(...figs);
        block.append(row);
      }
      sp.append(block);
    }
    root.append(sp);
  }
  if (facts.option_help.length) {
    const op = section(t("rules.options"), "options");
    const items = facts.option_help.flatMap((h) => {
      const [key, vals] = h.split("=");
      return vals.split("|").filter((v) => !v.startsWith("<")).map((v) => `<li><code>${esc(key)}=${esc(v)}</code> — ${esc(optionText(`${key}=${v}`))}</li>`);
    });
    op.insertAdjacentHTML("beforeend", `<p>${esc(t("rules.options_help"))}</p><ul>${items.join("")}</ul>`);
    root.append(op);
  }
  if (words.end) {
    const end = section(t("rules.end"), "end");
    end.insertAdjacentHTML("beforeend", `<div class="rules-text">${paragraphs(words.end)}</div>`);
    root.append(end);
  }
  // The author's own text, in the language he wrote it in (cheskers in both).
  const file = SOURCES[id];
  if (file) {
    const src = document.createElement("details");
    src.className = "more";
    src.id = "source";
    src.innerHTML = `<summary>${esc(t("rules.source"))}</summary><p class="muted">${esc(t("rules.source_help"))}</p><pre class="source">…</pre>`;
    src.addEventListener("toggle", async () => {
      if (!src.open) return;
      const name = locale === "ru" && file === "cheskers" ? "cheskers.ru" : file;
      src.querySelector("pre").textContent = await (await fetch(`/static/source/${name}.txt`)).text();
    });
    root.append(src);
  }
  const more = document.createElement("details");
  more.className = "more";
  more.id = "rulings";
  more.innerHTML = `<summary>${esc(t("rules.more"))}</summary><p class="muted">${esc(t("rules.more_help"))}</p><div class="md">…</div>`;
  more.addEventListener("toggle", () => {
    if (more.open) more.querySelector(".md").innerHTML = markdown(rulings(rulesMd, id, facts));
  });
  root.append(more);
}

function renderIndex() {
  const root = $("rules");
  const items = catalogue.map((g) => `<li><a href="#${g.id}">${esc(gameName(g.id, g.name))}</a>${g.implemented ? "" : ` <span class="muted">— ${esc(t("lobby.not_yet"))}</span>`}</li>`);
  root.innerHTML = `<h1>${esc(t("rules.title"))}</h1><ul class="game-index">${items.join("")}</ul>`;
}

function renderNav(id) {
  $("rules-nav").innerHTML = `<a href="#" class="${id ? "" : "current"}">${esc(t("rules.all_games"))}</a>`
    + catalogue.filter((g) => g.implemented).map((g) => `<a href="#${g.id}" class="${g.id === id ? "current" : ""}">${esc(gameName(g.id, g.name).replace(/ \(.*\)$/, ""))}</a>`).join("");
}

async function route() {
  const id = decodeURIComponent(location.hash.slice(1));
  renderNav(id);
  try {
    if (id && catalogue.some((g) => g.id === id)) await renderGame(id);
    else renderIndex();
  } catch (e) {
    $("rules").textContent = e.message;
  }
  scrollTo(0, 0);
}

async function init() {
  setupHeader(route);
  catalogue = (await getJson("/api/catalogue")).games;
  addEventListener("hashchange", route);
  await route();
}

init();
