// What a player meets around a game: piece cards on hover and long press, promoted pieces drawn
// apart, capture chains by their landings, premoves, typed moves, draw offers answered, the result
// in words, the record as a file, analysis with an evaluation bar, the low-time warning, move
// sounds and animation switched off, titles with their options, the lobby's help and "my games",
// and the whole interface in Russian. Every page is watched for console errors.
import { test, before, after, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import {
  startServer, launchBrowser, shot, waitMoves, clickMove, clickCell, startFromLobby, watchConsole,
  createGame, openGame, post, moveTexts, consoleErrors,
} from "./harness.mjs";

let server;
let browser;
const pages = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

// A failed test leaves its pages open: close them without judging them again.
beforeEach(async () => {
  for (const r of pages.splice(0)) await r.context.close();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

/// Opens a game and remembers its console for the check at the end of each test.
async function open(g, tokens, options) {
  const r = await openGame(browser, server.base, g, tokens, options);
  r.errors = watchConsole(r.page);
  pages.push(r);
  return r;
}

async function closeAll() {
  for (const r of pages.splice(0)) {
    assert.deepEqual(r.errors(), [], "console errors");
    await r.context.close();
  }
}

test("hovering a piece shows its name and move diagram; a long press does on a phone", async () => {
  const g = await createGame(server.base, { game: "mgc", opponent: "engine", level: 1 });
  const { page } = await open(g, [g.token]);
  await page.hover('#board [data-cell="e1"]');
  const card = page.locator('#tooltip .piece-card[data-kind="K"]');
  await card.waitFor();
  assert.match(await card.locator(".pc-name").textContent(), /King \(K\)/);
  // The diagram marks every cell the King reaches from e5: 8 steps and 40 leaps until checked.
  assert.equal(await card.locator('svg.diagram [data-mark]').count(), 8 + 16 + 24);
  assert.match(await card.locator(".legend").textContent(), /until first checked/);
  await shot(page, "piece-card-hover");
  const phone = await open(g, [], { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const box = await phone.page.locator('#board [data-cell="b2"]').boundingBox();
  const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, pointerType: "touch", isPrimary: true, bubbles: true };
  await phone.page.locator("#board").dispatchEvent("pointerdown", at);
  await phone.page.locator('#tooltip .piece-card[data-kind="N"]').waitFor();
  await phone.page.locator("#board").dispatchEvent("pointerup", at);
  assert.match(await phone.page.locator("#tooltip .pc-words").textContent(), /neighbouring cell; or leaps/);
  await shot(phone.page, "piece-card-long-press-phone");
  await closeAll();
});

test("a promoted shogi piece is drawn differently from its base piece, and the chooser shows both", async () => {
  // A promoted Pawn (Pionnier) on a3 beside the ordinary pawns, and a Pawn about to promote.
  const fen = "r7r/1hbgkgbh1/P8/9/9/9/+P1PPPPPPP/1HBGKGBH1/R7R[] w - 0 1";
  const g = await createGame(server.base, { game: "shogi", opponent: "engine", level: 1, fen });
  const { page } = await open(g, [g.token]);
  const symbolOf = (cell) => page.evaluate((c) => {
    const use = document.querySelector(`#board g.piece[data-at="${c}"] use`);
    return document.querySelector(use.getAttribute("href")).innerHTML;
  }, cell);
  const promoted = await symbolOf("a3");
  const pawn = await symbolOf("c3");
  assert.notEqual(promoted, pawn);
  assert.match(promoted, /<polygon/); // the octagon of promoted pieces
  assert.doesNotMatch(pawn, /<polygon/);
  // Pixels too: the two pictures differ.
  const a = await page.locator('#board g.piece[data-at="a3"]').screenshot();
  const c = await page.locator('#board g.piece[data-at="c3"]').screenshot();
  assert.notDeepEqual(a, c);
  await clickMove(page, "a7", "a8");
  await page.locator("#chooser[open]").waitFor();
  const labels = await page.locator("#choices button").allTextContents();
  assert.ok(labels.some((l) => l.includes("Pionnier (+P)")), labels.join(","));
  assert.ok(labels.some((l) => l.includes("stay a Pawn")), labels.join(","));
  await shot(page, "shogi-promotion-chooser");
  await page.locator("#choices button", { hasText: "Pionnier" }).click();
  const moves = await waitMoves(page, 1);
  assert.match(moves[0], /=\+P/);
  await closeAll();
});

test("a piece in hand is dragged onto the board", async () => {
  const fen = "r7r/1hbgkgbh1/ppppppppp/9/9/9/PPPPPPPPP/1HBGKGBH1/R7R[G] w - 0 1";
  const g = await createGame(server.base, { game: "shogi", opponent: "engine", level: 1, fen });
  const { page } = await open(g, [g.token]);
  const from = await page.locator('[data-hand="white"] .hand-piece[data-drop="G"]').boundingBox();
  const to = await page.locator('#board [data-cell="e5"]').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  const moves = await waitMoves(page, 1);
  assert.match(moves[0], /^G\*e5/);
  await closeAll();
});

test("a capture chain is played by clicking each landing cell, its path drawn", async () => {
  const record = '[Game "cheskers"]\n[Event "Seed game 1"]\n\n1. e2-e3 d7-d6 2. f1-b5 e8-d7\n';
  const [st, g] = await post(server.base, "/api/import", { record });
  assert.equal(st, 201, JSON.stringify(g));
  const { page } = await open(g, [g.tokens.white, g.tokens.black]);
  await waitMoves(page, 4);
  await clickCell(page, "b5");
  await page.locator('#board [data-target="e8"]').waitFor();
  await clickCell(page, "e8");
  await page.locator("#board .chain-path").waitFor();
  await page.locator('#board [data-target="h5"]').waitFor();
  await shot(page, "chain-capture-landings");
  await clickCell(page, "h5");
  const moves = await waitMoves(page, 5);
  assert.match(moves[4], /^b5:e8:h5/);
  await closeAll();
});

test("premove, typed move, draw offer declined, resignation in words and a new game", async () => {
  const a = await createGame(server.base, { game: "mgc", opponent: "human" });
  const [, joined] = await post(server.base, `/api/games/${a.id}/join`, { invite: a.invite.split("invite=")[1] });
  const white = await open(a, [a.token]);
  const black = await open(a, [joined.token], { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  // Black premoves while White thinks; White types a move; Black's premove is played at once.
  await clickCell(black.page, "f8");
  await clickCell(black.page, "f6");
  await black.page.locator("#notice", { hasText: "Premove f8-f6" }).waitFor();
  await white.page.fill("#entry-text", "f3-f5");
  await white.page.press("#entry-text", "Enter");
  assert.deepEqual((await waitMoves(white.page, 2)).slice(0, 2), ["f3-f5", "f8-f6"]);
  // A typed move that is not legal says so and changes nothing.
  await white.page.fill("#entry-text", "a1-a9");
  await white.page.press("#entry-text", "Enter");
  await white.page.locator("#notice", { hasText: "not a legal move" }).waitFor();
  assert.equal((await moveTexts(white.page)).length, 2);
  // A draw offer: sent, seen, declined, and the offerer is told.
  await white.page.click("#offer-draw");
  await white.page.locator("#notice", { hasText: "You offered a draw" }).waitFor();
  await black.page.locator("#offer", { hasText: "offers a draw" }).waitFor();
  await black.page.click("#offer-decline");
  await white.page.locator("#notice", { hasText: "declined" }).waitFor();
  // Resignation ends the game with the result in words.
  white.page.once("dialog", (d) => d.accept());
  await white.page.click("#resign");
  await white.page.locator("#status", { hasText: "Black wins — White resigned" }).waitFor();
  await black.page.locator("#status", { hasText: "Black wins — White resigned" }).waitFor();
  assert.match(await white.page.getAttribute("#new-game", "href"), /game=mgc/);
  await shot(white.page, "result-in-words");
  await closeAll();
});

test("the draw button explains itself against the engine; analysis shows an evaluation bar and best line", async () => {
  const g = await createGame(server.base, { game: "mgc", opponent: "engine", level: 1 });
  const { page } = await open(g, [g.token]);
  await page.click("#offer-draw");
  await page.locator("#notice", { hasText: "The engine plays on" }).waitFor();
  await page.click("#analyse");
  await page.locator("#analysis-line", { hasText: "Best move" }).waitFor({ timeout: 30000 });
  const width = await page.$eval("#eval-white", (e) => parseFloat(e.style.width));
  assert.ok(width > 0 && width < 100, `eval bar at ${width}%`);
  assert.match(await page.locator("#eval-text").textContent(), /depth \d+/);
  await shot(page, "analysis-eval-bar");
  await closeAll();
});

test("the record downloads as a file with every tag of an imported game", async () => {
  const record = '[Game "mgc"]\n[Event "Blog game"]\n[Date "2010.12.10"]\n[White "Kosintsev I."]\n[Black "Skuratovsky I."]\n\n1. f3-f5 f8-f6 *\n';
  const [st, g] = await post(server.base, "/api/import", { record });
  assert.equal(st, 201, JSON.stringify(g));
  const { page } = await open(g, [g.tokens.white, g.tokens.black]);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  assert.match(download.suggestedFilename(), /^mgc-[a-z0-9]+\.rec$/);
  const text = await readFile(await download.path(), "utf8");
  assert.match(text, /\[Game "mgc"\]/);
  assert.match(text, /1\. f3-f5 f8-f6/);
  for (const tag of ['[Event "Blog game"]', '[Date "2010.12.10"]', '[White "Kosintsev I."]', '[Black "Skuratovsky I."]']) {
    assert.ok(text.includes(tag), `${tag} kept in:\n${text}`);
  }
  // The players' names are shown on the board's bars.
  await page.locator("#bottom-player", { hasText: "Kosintsev I." }).waitFor();
  await closeAll();
});

test("rematch with colours swapped: against the engine at once, between people when both ask", async () => {
  const g = await createGame(server.base, { game: "mgc", opponent: "engine", level: 1 });
  const { page } = await open(g, [g.token]);
  page.once("dialog", (d) => d.accept());
  await page.click("#resign");
  await page.locator("#status", { hasText: "Black wins — White resigned" }).waitFor();
  await page.click("#rematch");
  await page.waitForURL((u) => !u.pathname.endsWith(g.id));
  await page.locator("#bottom-player", { hasText: "Black — you" }).waitFor();
  await page.locator("#top-player", { hasText: "White — engine, level 1" }).waitFor();
  await waitMoves(page, 1); // the engine, now White, opens
  // Between people: Alice asks, Bob sees the offer and accepts, each gets the other colour.
  const h = await createGame(server.base, { game: "cheskers", opponent: "human" });
  const [, joined] = await post(server.base, `/api/games/${h.id}/join`, { invite: h.invite.split("invite=")[1] });
  const alice = await open(h, [h.token]);
  const bob = await open(h, [joined.token]);
  bob.page.once("dialog", (d) => d.accept());
  await bob.page.click("#resign");
  await alice.page.locator("#status", { hasText: "White wins — Black resigned" }).waitFor();
  await alice.page.click("#rematch");
  await alice.page.waitForURL((u) => !u.pathname.endsWith(h.id));
  await alice.page.locator("#bottom-player", { hasText: "Black — you" }).waitFor();
  await bob.page.locator("#offer", { hasText: "wants a rematch" }).waitFor();
  await shot(bob.page, "rematch-offer");
  await bob.page.click("#offer-accept");
  await bob.page.waitForURL((u) => !u.pathname.endsWith(h.id));
  await bob.page.locator("#bottom-player", { hasText: "White — you" }).waitFor();
  await alice.page.locator("#top-player", { hasText: "White — human" }).waitFor();
  await closeAll();
});

test("low time is flagged on the clock; sounds and animation can be switched off", async () => {
  const g = await createGame(server.base, { game: "mgc", opponent: "human", clock: { initial_s: 8, increment_s: 0 } });
  const [, joined] = await post(server.base, `/api/games/${g.id}/join`, { invite: g.invite.split("invite=")[1] });
  const w = await open(g, [g.token], { prefs: { sound: true, animation: true } });
  // Count the sounds made and the pieces slid.
  await w.page.evaluate(() => {
    window.__audio = 0;
    window.__slides = 0;
    const make = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function () { window.__audio++; return make.call(this); };
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...a) { if (this.matches("g.piece")) window.__slides++; return animate.apply(this, a); };
  });
  await clickMove(w.page, "f3", "f5");
  assert.ok(await w.page.evaluate(() => window.__slides) > 0, "the moved piece slid");
  assert.ok(await w.page.evaluate(() => window.__audio) > 0, "a move sound was made");
  await fetch(`${server.base}/api/games/${g.id}/moves`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${joined.token}` }, body: JSON.stringify({ move: "f8-f6" }) });
  await waitMoves(w.page, 2);
  await w.page.locator('[data-clock="white"].low').waitFor();
  await shot(w.page, "low-time");
  // Switched off in the settings: no animation, no sound.
  await w.page.click("#settings-open");
  await w.page.uncheck("#set-animation");
  await w.page.uncheck("#set-sound");
  await w.page.click("#settings-close");
  await w.page.evaluate(() => { window.__audio = 0; window.__slides = 0; });
  await clickMove(w.page, "e3", "e5");
  await waitMoves(w.page, 3);
  assert.equal(await w.page.evaluate(() => window.__slides), 0);
  assert.equal(await w.page.evaluate(() => window.__audio), 0);
  const saved = await w.page.evaluate(() => JSON.parse(localStorage.getItem("ccg:settings")));
  assert.equal(saved.animation, false);
  assert.equal(saved.sound, false);
  await closeAll();
});

test("the lobby explains levels and options, titles carry the options, and my games are listed", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(server.base + "/");
  await page.locator('#game option[value="mgc"]').waitFor({ state: "attached" });
  assert.match(await page.locator("#level-help").textContent(), /250,000/);
  const removeList = await page.locator('#options input[data-key="remove"] + datalist, #options datalist').first().innerHTML();
  assert.match(removeList, /classical pieces only/);
  await page.selectOption('#options select[data-key="pawns"]', "forward");
  await startFromLobby(page, server.base, { game: "mgc", opponent: "engine", keepOptions: true });
  await page.locator("#title", { hasText: "pawns never move backward" }).waitFor();
  const id = new URL(page.url()).pathname.split("/").pop();
  await page.goto(server.base + "/");
  await page.locator(`#my-games tr[data-id="${id}"]`, { hasText: "pawns never move backward" }).waitFor();
  await shot(page, "lobby-my-games");
  assert.deepEqual(errors(), []);
  await context.close();
});

test("the whole interface switches to Russian and stays so", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(server.base + "/");
  await page.locator('#game option[value="mgc"]').waitFor({ state: "attached" });
  await page.selectOption("#locale", "ru");
  await page.locator("#start", { hasText: "Начать партию" }).waitFor();
  assert.equal(await page.getAttribute("html", "lang"), "ru");
  await startFromLobby(page, server.base, { game: "mgc", opponent: "engine" });
  await page.locator("#status", { hasText: "Ход: Белые" }).waitFor();
  assert.equal(await page.getAttribute("#resign", "title"), "Сдаться");
  await page.hover('#board [data-cell="e1"]');
  await page.locator("#tooltip .pc-name", { hasText: "Король (K)" }).waitFor();
  await page.goto(server.base + "/rules#mgc");
  await page.locator('.piece-card[data-kind="N"] .pc-name', { hasText: "Ниндзя" }).waitFor();
  await page.locator("h2", { hasText: "Особые правила" }).waitFor();
  await shot(page, "rules-mgc-ru");
  assert.deepEqual(errors(), []);
  await context.close();
});

// Last: no page of this file logged an error to its console.
test("no page logged a console error", () => {
  assert.deepEqual(consoleErrors, []);
});
