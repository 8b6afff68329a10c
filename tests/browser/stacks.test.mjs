// Stacks and linked boards in the game page. Pyramids: every checker size of a stack drawn (and
// nothing else), the 5th/6th editions' names on hover, a partition by the part chooser, a merge
// target drawn apart from a capture, a promotion to a stack, a chain of jumps clicked landing by
// landing. Bermuda chess: the two boards titled side by side (one above the other on a phone),
// the linked cell lit on hover, a displacement and an ascent shown in the move list. And
// "reconstructed" wherever such a game is seen: lobby, game page, record, rules page.
import { test, before, after, beforeEach } from "node:test";
import assert from "node:assert/strict";
import {
  startServer, launchBrowser, shot, waitMoves, clickCell, watchConsole, createGame, openGame, post,
  consoleErrors,
} from "./harness.mjs";

let server;
let browser;
const pages = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

beforeEach(async () => {
  for (const r of pages.splice(0)) await r.context.close();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

/// A game between two humans whose both seats this browser holds; returns the page.
async function openBoth(body, options) {
  const g = await createGame(server.base, { ...body, opponent: "human" });
  const [, joined] = await post(server.base, `/api/games/${g.id}/join`, { invite: g.invite.split("invite=")[1] });
  const r = await openGame(browser, server.base, g, [g.token, joined.token], options);
  r.errors = watchConsole(r.page);
  r.game = g;
  r.black = joined.token;
  pages.push(r);
  await r.page.locator("#board g.piece").first().waitFor();
  return r;
}

/// Plays a move for the seat of `token` through the API.
async function apiMove(id, token, move) {
  const res = await fetch(`${server.base}/api/games/${id}/moves`, {
    method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` }, body: JSON.stringify({ move }),
  });
  assert.equal(res.status, 200, `${move}: ${await res.text()}`);
}

async function closeAll() {
  for (const r of pages.splice(0)) {
    assert.deepEqual(r.errors(), [], "console errors");
    await r.context.close();
  }
}

async function facts(game) {
  return (await fetch(`${server.base}/api/rules/${game}`)).json();
}

/// The kind token drawn on a cell (from its symbol's id) and the checker sizes its picture shows.
function drawnAt(page, cell) {
  return page.evaluate((c) => {
    const use = document.querySelector(`#board g.piece[data-at="${c}"] use`);
    if (!use) return null;
    const sym = document.querySelector(use.getAttribute("href"));
    return {
      piece: use.closest("g.piece").dataset.piece,
      sizes: [...sym.querySelectorAll("[data-size]")].map((e) => Number(e.dataset.size)).sort(),
      doubles: [...sym.querySelectorAll("[data-double]")].map((e) => Number(e.dataset.double)).sort(),
    };
  }, cell);
}

/// The kind (index) of the stack with this code.
const kindOf = (f, code) => f.kinds.find((k) => k.stack?.code === code).kind;

test("every checker size of a stack is drawn, and its name shows on hover", async () => {
  const f = await facts("pyramids6");
  // Stacks of every shape: single sizes, a gap (42), doubles (4433, 2211), the pharaon.
  const fen = "(.4321)(.4433)6/8/8/8/8/8/(2211.)(42.)(3.)(1.)4/(4321.)(4321.)6 w - 0 1";
  const { page } = await openBoth({ game: "pyramids6", fen });
  for (const [cell, code] of [["a8", "4321"], ["b8", "4433"], ["a2", "2211"], ["b2", "42"], ["c2", "3"], ["d2", "1"], ["a1", "4321"]]) {
    const d = await drawnAt(page, cell);
    assert.equal(d.piece.split(":")[1], String(kindOf(f, code)), `${cell} drawn as (${code})`);
    const digits = [...code].map(Number);
    assert.deepEqual(d.sizes, [...new Set(digits)].sort(), `${cell}: one ring per size of (${code})`);
    assert.deepEqual(d.doubles, [...new Set(digits.filter((z, i) => digits.indexOf(z) !== i))].sort(), `${cell}: doubled sizes`);
  }
  // Each of the 49 pyramids is drawn differently from every other (the board holds the pictures
  // of the pieces on it only: all of them are drawn here by the page's own pieces.js).
  const pictures = await page.evaluate(async () => {
    const { symbols } = await import("/static/pieces.js");
    const all = await (await fetch("/api/rules/pyramids6")).json();
    const defs = document.createElementNS("http://www.w3.org/2000/svg", "defs");
    defs.innerHTML = symbols(all, "symbols");
    return [...defs.querySelectorAll("symbol .pc-stack")].filter((g) => g.closest("symbol").id.endsWith("-w")).map((g) => g.innerHTML);
  });
  assert.equal(pictures.length, 49);
  assert.equal(new Set(pictures).size, 49);
  await page.hover('#board [data-cell="b8"]');
  const card = page.locator(`#tooltip .piece-card[data-kind="(4433)"]`);
  await card.waitFor();
  assert.match(await card.locator(".pc-name").textContent(), /^dragon \(4433\)$/);
  await shot(page, "stacks-hover-dragon");
  await closeAll();
});

test("a part of a stack moves by the chooser; a merge target is drawn apart from a capture", async () => {
  // Two pharaons (one may be split), a (1) beside an own (2), a Black stack to capture.
  const fen = "7(.4321)/8/8/8/2(1.)5/2(2.)(.1)4/8/(4321.)6(4321.) w - 0 1";
  const f = await facts("pyramids6");
  const { page } = await openBoth({ game: "pyramids6", fen });
  await clickCell(page, "c4");
  // c3 holds an own (2): a merge; d3 holds Black's (1): no move of a turtle reaches it.
  await page.locator('#board .target.merge[data-target="c3"]').waitFor();
  assert.equal(await page.locator('#board .target.capture[data-target="c3"]').count(), 0);
  await clickCell(page, "c3");
  assert.deepEqual(await waitMoves(page, 1), ["(1)c4-c3"]);
  await page.waitForFunction(() => !document.querySelector('#board g.piece[data-at="c4"]'));
  assert.equal((await drawnAt(page, "c3")).piece, `white:${kindOf(f, "21")}`);
  // Black answers through the API; then White splits the a1 pharaon.
  await apiMove(pages[0].game.id, pages[0].black, "(4321)h8-h7");
  await waitMoves(page, 2);
  await clickCell(page, "a1");
  await page.locator('#board [data-target="b3"]').waitFor();
  await clickCell(page, "b3");
  await page.locator("#chooser[open]").waitFor();
  assert.match(await page.locator("#chooser-title").textContent(), /Which part/);
  const parts = await page.locator("#choices button").evaluateAll((bs) => bs.map((b) => b.dataset.part));
  // Every part holding a single C2 and no double C1 leaps like a knight to b3.
  assert.ok(parts.includes("(2)") && parts.includes("(21)") && parts.includes("(432)"), parts.join(" "));
  assert.ok(!parts.includes("(4321)"), "a pharaon moves only by its own rule");
  await page.locator("#choices .piece-icon").first().waitFor();
  await shot(page, "stacks-part-chooser");
  await page.locator('#choices button[data-part="(21)"]').click();
  assert.deepEqual((await waitMoves(page, 3)).slice(2), ["(21)a1-b3"]);
  await page.waitForFunction(() => document.querySelector('#board g.piece[data-at="b3"]'));
  assert.equal((await drawnAt(page, "b3")).piece, `white:${kindOf(f, "21")}`);
  assert.equal((await drawnAt(page, "a1")).piece, `white:${kindOf(f, "43")}`);
  await closeAll();
});

test("a slave promotes to a stack chosen by its picture", async () => {
  const fen = "7(.4321)/4S3/8/8/8/8/8/(4321.)7 w - 0 1";
  const { page } = await openBoth({ game: "pyramids6", fen });
  await clickCell(page, "e7");
  await clickCell(page, "e8");
  await page.locator("#chooser[open]").waitFor();
  // Mandatory on the last rank: the 49 pyramids, no "stay".
  assert.equal(await page.locator("#choices button").count(), 49);
  assert.equal(await page.locator("#choices button .piece-icon .pc-stack").count(), 49);
  await shot(page, "stacks-promotion-chooser");
  await page.locator('#choices button[data-move="e7-e8=4433"]').click();
  assert.deepEqual(await waitMoves(page, 1), ["e7-e8=4433"]);
  await page.waitForFunction(() => document.querySelector('#board g.piece[data-at="e8"]'));
  assert.deepEqual((await drawnAt(page, "e8")).sizes, [3, 4]);
  await closeAll();
});

test("a stack's chain of jumps is played landing by landing", async () => {
  const fen = "7(.4321)/8/8/8/s7/8/s7/(22.)6(4321.) w - 0 1";
  const { page } = await openBoth({ game: "pyramids6-checkers", fen });
  await clickCell(page, "a1");
  // The first landing, or the last one to play the whole chain at once.
  await page.locator('#board [data-target="a3"]').waitFor();
  await clickCell(page, "a3");
  await page.locator("#board .chain-path").waitFor({ state: "attached" });
  assert.deepEqual(await page.locator("#board [data-target]").evaluateAll((ts) => ts.map((x) => x.dataset.target)), ["a5"]);
  await clickCell(page, "a5");
  assert.deepEqual(await waitMoves(page, 1), ["(22)a1:a3:a5"]);
  await closeAll();
});

// Kings on both boards (a piece moves only while a King of its colour stands on its board); an
// upper Rook to take a Knight (which falls onto the lower a5, where a White pawn stands) and a
// lower Rook to take a Bishop (and rise to the free upper h5).
const BERMUDA = "4k3/8/8/P6b/8/8/8/4K2R/3k4/8/8/n7/8/8/8/R2K4 w - 0 1";

test("Bermuda: two boards titled side by side, the linked cell lit, a capture's cascade in the move list", async () => {
  const { page, game, black } = await openBoth({ game: "bermuda", fen: BERMUDA });
  const titles = await page.locator("#board .region-title").allTextContents();
  assert.deepEqual(titles, ["lower board (L)", "upper board (U)"]);
  const la1 = await page.locator('#board [data-cell="La1"]').boundingBox();
  const ua1 = await page.locator('#board [data-cell="Ua1"]').boundingBox();
  assert.ok(ua1.x > la1.x + 7 * la1.width && Math.abs(ua1.y - la1.y) < 1, "upper board right of the lower one");
  // Hovering a cell lights its complementary cell on the other board.
  await page.hover('#board [data-cell="Ue4"]');
  const lit = await page.evaluate(() => {
    const h = document.querySelector("#board .hl-link");
    const c = document.querySelector('#board [data-cell="Le4"]');
    return h && c && h.getAttribute("x") === c.getAttribute("x") && h.getAttribute("y") === c.getAttribute("y");
  });
  assert.ok(lit, "Le4 lit while Ue4 is hovered");
  await shot(page, "bermuda-hover-link");
  // An upper capture: the Knight falls to La5 and the White pawn there leaves the game.
  await clickCell(page, "Ua1");
  await clickCell(page, "Ua5");
  assert.deepEqual(await waitMoves(page, 1), ["RUa1:Ua5"]);
  const first = page.locator('#moves .move[data-ply="1"]');
  await page.waitForFunction(() => document.querySelector('#moves .move[data-ply="1"]')?.dataset.cascade);
  assert.equal(await first.getAttribute("data-cascade"), "↓La5");
  assert.match(await first.getAttribute("title"), /Ua5 falls to La5/);
  await page.waitForFunction(() => document.querySelector('#board g.piece[data-at="La5"]')?.dataset.piece.startsWith("black"));
  // Black steps his lower King; then a lower capture lifts the White Rook to Uh5.
  await apiMove(game.id, black, "KLe8-Ld8");
  await waitMoves(page, 2);
  await clickCell(page, "Lh1");
  await clickCell(page, "Lh5");
  assert.equal((await waitMoves(page, 3))[2], "RLh1:Lh5");
  await page.waitForFunction(() => document.querySelector('#moves .move[data-ply="3"]')?.dataset.cascade === "↑Uh5");
  await page.waitForFunction(() => document.querySelector('#board g.piece[data-at="Uh5"]')?.dataset.piece.startsWith("white"));
  assert.equal(await page.locator('#board g.piece[data-at="Lh5"]').count(), 0);
  await shot(page, "bermuda-cascade");
  await closeAll();
});

test("Bermuda on a phone: the boards one above the other, upper on top", async () => {
  const { page } = await openBoth({ game: "bermuda" }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const la1 = await page.locator('#board [data-cell="La1"]').boundingBox();
  const ua1 = await page.locator('#board [data-cell="Ua1"]').boundingBox();
  const ua8 = await page.locator('#board [data-cell="Ua8"]').boundingBox();
  assert.ok(Math.abs(ua1.x - la1.x) < 1 && ua1.y < la1.y && ua8.y < ua1.y, "U above L, same files");
  assert.ok(la1.width >= 30, `cells ${la1.width}px`);
  // Ranks name their board.
  const labels = await page.locator("#board .label").allTextContents();
  assert.ok(labels.includes("U8") && labels.includes("L1"), labels.join(" "));
  await closeAll();
});

test("reconstructed games say so in the lobby, on the game page, in the record and on the rules page", async () => {
  const g = await createGame(server.base, { game: "pyramids6", opponent: "engine", level: 1 });
  const { context, page } = await openGame(browser, server.base, g, [g.token]);
  const errors = watchConsole(page);
  pages.push({ context, errors });
  await page.locator("#recon-badge").waitFor();
  assert.match(await page.locator("#recon-badge").textContent(), /reconstructed/);
  assert.ok(await page.locator("#reconstructed").isVisible());
  const record = await (await fetch(`${server.base}/api/games/${g.id}/record`)).text();
  assert.match(record, /\[Setup "reconstructed: /);
  // A game whose setup is the author's own says nothing of the kind.
  const plain = await createGame(server.base, { game: "mgc", opponent: "engine", level: 1 });
  assert.doesNotMatch(await (await fetch(`${server.base}/api/games/${plain.id}/record`)).text(), /reconstructed/);
  await page.goto(server.base + "/");
  await page.locator('#game option[value="pyramids6"]').waitFor({ state: "attached" });
  assert.match(await page.locator('#game option[value="pyramids6"]').textContent(), /reconstructed/);
  assert.doesNotMatch(await page.locator('#game option[value="mgc"]').textContent(), /reconstructed/);
  await page.locator(`#recent a[href="/g/${g.id}"]`).waitFor();
  assert.equal(await page.locator(`#recent tr:has(a[href="/g/${g.id}"]) .badge.recon`).count(), 1);
  assert.equal(await page.locator(`#my-games tr[data-id="${g.id}"] .badge.recon`).count(), 1);
  for (const id of ["pyramids6", "bermuda", "pyramids1"]) {
    await page.goto(`${server.base}/rules#${id}`);
    await page.locator("#reconstructed").waitFor();
  }
  // The 49 names in the rules page's piece list.
  await page.goto(`${server.base}/rules#pyramids6`);
  await page.locator('.pieces-grid .piece-card[data-kind="(4433)"]').waitFor();
  assert.match(await page.locator('.pieces-grid .piece-card[data-kind="(4433)"] .pc-name').textContent(), /dragon \(4433\)/);
  assert.equal(await page.locator(".pieces-grid .piece-card .pc-head .pc-stack").count(), 49);
  // The 6th edition's JO in words: a slide that may pass over one piece (the tiger has it).
  assert.match(await page.locator('.pieces-grid .piece-card[data-kind="(4431)"] .pc-words').textContent(), /slides any distance orthogonally \(along files and ranks\), passing over at most one piece/);
  await closeAll();
});

// Last: no page of this file logged an error to its console.
test("no page logged a console error", () => {
  assert.deepEqual(consoleErrors, []);
});
