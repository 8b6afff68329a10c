// The web app in real headless Chromium: lobby, a game against the engine by clicking, resume
// after reload, a human-vs-human game in two browser contexts (drag and click, live updates),
// the promotion chooser, and every implemented geometry drawn and moved (today: 10x10 square
// boards in both editions of Modern Grand Chess).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startServer, launchBrowser, shot, moveTexts, waitMoves, clickMove, dragMove, startFromLobby, clickCell,
  consoleErrors, holdSeats,
} from "./harness.mjs";

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

test("lobby lists the implemented games and links their rules", async () => {
  const page = await browser.newPage();
  await page.goto(server.base + "/");
  await page.locator('#game option[value="mgc"]').waitFor({ state: "attached" });
  const enabled = await page.$$eval("#game option:not([disabled])", (os) => os.map((o) => o.value));
  const catalogue = await (await fetch(server.base + "/api/catalogue")).json();
  assert.deepEqual(enabled, catalogue.games.filter((g) => g.implemented).map((g) => g.id));
  assert.ok(enabled.includes("mgc") && enabled.includes("mgc1"));
  await shot(page, "lobby");
  await page.click("#rules-link");
  await page.waitForURL(/\/rules#mgc$/);
  await page.locator('.piece-card[data-kind="K"]').waitFor();
  await shot(page, "rules");
  await page.close();
});

test("mgc against the engine: click a move, see the reply, reload and see the same game", async () => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await startFromLobby(page, server.base, { game: "mgc", opponent: "engine" });
  await clickMove(page, "f3", "f5");
  const moves = await waitMoves(page, 2);
  assert.equal(moves[0], "f3-f5");
  await page.locator("#status", { hasText: "your move" }).waitFor();
  await shot(page, "mgc-vs-engine");
  await page.reload();
  const again = await waitMoves(page, 2);
  assert.deepEqual(again, moves);
  await page.locator("#status", { hasText: "your move" }).waitFor();
  // Still our seat: another move goes through.
  await clickMove(page, "e3", "e5");
  await waitMoves(page, 4);
  // Review: step back to the start and forward again; the board is read-only meanwhile.
  const start = await page.locator("#board g.piece").count();
  await page.click("#nav-first");
  await page.locator("#status", { hasText: "Start position" }).waitFor();
  await page.click('#moves .move[data-ply="1"]');
  await page.locator("#moves .move.current").waitFor();
  await page.keyboard.press("ArrowRight");
  await page.locator('#moves .move.current[data-ply="2"]').waitFor();
  await page.click("#nav-last");
  await page.locator("#status", { hasText: "your move" }).waitFor();
  assert.equal(await page.locator("#board g.piece").count(), start);
  // The engine's analysis of the position, on demand.
  await page.click("#analyse");
  await page.locator("#analysis-line", { hasText: "Best move" }).waitFor({ timeout: 30000 });
  await shot(page, "mgc-vs-engine-after-reload");
  await context.close();
});

test("human vs human in two browser contexts, by drag and by click, with live updates", async () => {
  const alice = await browser.newContext({ viewport: { width: 1100, height: 850 } });
  const bob = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const a = await alice.newPage();
  await startFromLobby(a, server.base, { game: "mgc", opponent: "human", clock: "300+3" });
  const invite = await a.inputValue("#invite-link");
  assert.match(invite, /\/g\/[a-z0-9]+\?invite=/);
  const b = await bob.newPage();
  await b.goto(invite);
  await b.locator('#board [data-cell]').first().waitFor();
  await b.locator("#bottom-player", { hasText: "Black — you" }).waitFor();
  // Alice drags; Bob sees it live and answers by clicking; Alice sees that live.
  await dragMove(a, "f3", "f5");
  await waitMoves(b, 1);
  assert.deepEqual(await moveTexts(b), ["f3-f5"]);
  await clickMove(b, "f8", "f6");
  await waitMoves(a, 2);
  assert.deepEqual(await moveTexts(a), ["f3-f5", "f8-f6"]);
  // Both have moved: White's 5-minute clock runs, on both screens.
  for (const p of [a, b]) {
    await p.waitForFunction(() => /^4:[0-5]\d$/.test(document.querySelector('[data-clock="white"]')?.textContent || ""));
    assert.match(await p.locator('[data-clock="black"]').textContent(), /^5:0[0-3]$/);
  }
  // Bob cannot move White's pieces: no targets appear.
  await clickCell(b, "e3");
  assert.equal(await b.locator("#board .target").count(), 0);
  // A spectator (a third context, no token) watches without a seat.
  const eve = await browser.newContext();
  const e = await eve.newPage();
  await e.goto(a.url());
  await waitMoves(e, 2);
  await e.locator("#notice", { hasText: "watching" }).waitFor();
  assert.equal(await e.locator("#resign").isVisible(), false);
  await shot(a, "human-white");
  await shot(b, "human-black-phone");
  await Promise.all([alice.close(), bob.close(), eve.close()]);
});

test("promotion chooser offers every choice and the optional stay", async () => {
  const res = await fetch(server.base + "/api/games", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "mgc", opponent: "engine", level: 1, fen: "5k4/P9/10/10/10/10/10/10/10/4K5 w - 0 1" }),
  });
  const g = await res.json();
  const context = await browser.newContext();
  await holdSeats(context, g.id, [g.token]);
  const page = await context.newPage();
  await page.goto(server.base + g.url);
  await clickMove(page, "a9", "a10");
  await page.locator("#chooser[open]").waitFor();
  const choices = await page.locator("#choices button").allTextContents();
  assert.ok(choices.some((c) => c.startsWith("stay a Pawn")), choices.join(","));
  assert.ok(choices.some((c) => c.includes("(Q)")), choices.join(","));
  await shot(page, "promotion-chooser");
  await page.locator("#choices button", { hasText: "(Q)" }).click();
  const moves = await waitMoves(page, 2);
  assert.match(moves[0], /^a9-a10=Q/);
  await context.close();
});

test("a piece in hand, drawn beside the board, is clicked and dropped on a highlighted cell", async () => {
  const post = async (body) => (await fetch(server.base + "/api/games", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  })).json();
  // Modern Shogi's start with a Gold in White's hand.
  const probe = await post({ game: "shogi", opponent: "human" });
  const start = await (await fetch(server.base + "/api/games/" + probe.id)).json();
  const g = await post({ game: "shogi", opponent: "engine", level: 1, fen: start.fen.replace("[]", "[G]") });
  const context = await browser.newContext();
  await holdSeats(context, g.id, [g.token]);
  const page = await context.newPage();
  await page.goto(server.base + g.url);
  const hand = page.locator('[data-hand="white"] .hand-piece[data-drop="G"]');
  assert.equal(await hand.locator(".count").textContent(), "1");
  // The hand shows the piece itself: the same picture as a General on the board.
  assert.equal(await hand.locator("svg").getAttribute("data-piece"), "white:G");
  await hand.click();
  const state = await (await fetch(server.base + "/api/games/" + g.id)).json();
  const drop = state.legal.find((m) => m.drop === "G");
  const cell = state.board.cells[drop.to].name;
  await page.locator(`#board [data-target="${cell}"]`).waitFor();
  await shot(page, "drop-chooser");
  await clickCell(page, cell);
  const moves = await waitMoves(page, 2);
  assert.ok(moves[0].startsWith(drop.text), moves[0]);
  await context.close();
});

test("multi-jump chain: imported cheskers game, the chain is played by its two ends", async () => {
  // Game 1 of the cheskers records, up to White's chain capture 3. b5:e8:h5.
  const record = '[Game "cheskers"]\n\n1. e2-e3 d7-d6 2. f1-b5 e8-d7\n';
  const res = await fetch(server.base + "/api/import", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ record }),
  });
  const g = await res.json();
  assert.equal(res.status, 201, JSON.stringify(g));
  const state = await (await fetch(server.base + g.url.replace("/g/", "/api/games/"))).json();
  const chain = state.legal.find((m) => m.via.length > 0);
  assert.ok(chain, "a chain capture is legal");
  const name = (c) => state.board.cells[c].name;
  const context = await browser.newContext();
  await holdSeats(context, g.id, [g.tokens.white, g.tokens.black]);
  const page = await context.newPage();
  await page.goto(server.base + g.url);
  await waitMoves(page, 4);
  await clickMove(page, name(chain.from), name(chain.to));
  const twins = state.legal.filter((m) => m.from === chain.from && m.to === chain.to);
  if (twins.length > 1) await page.click(`#choices button[data-move="${chain.text}"]`);
  const moves = await waitMoves(page, 5);
  assert.ok(moves[4].startsWith(chain.text), moves[4]); // plus any check mark
  await shot(page, "chain-capture");
  await context.close();
});

// Every implemented game (so every geometry that exists) is drawn from its layout and moved.
// The list comes from the catalogue, so a game that lands is covered without editing this file.
test("every implemented game: the board is drawn from its layout and takes a move", async (t) => {
  const { games } = await (await fetch(server.base + "/api/catalogue")).json();
  for (const { id: game } of games.filter((g) => g.implemented)) {
    await t.test(game, async () => {
      const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
      const page = await context.newPage();
      await startFromLobby(page, server.base, { game, opponent: "engine", color: "black" });
      // The engine opens; we answer with the first legal move the page offers.
      await waitMoves(page, 1);
      const state = await page.evaluate(async () => {
        const id = location.pathname.split("/").pop();
        return (await fetch("/api/games/" + id)).json();
      });
      assert.equal(await page.locator("#board .cell").count(), state.board.cells.length);
      assert.equal(await page.locator("#board g.piece").count(), state.pieces.length);
      const name = (c) => state.board.cells[c].name;
      const own = new Map(state.pieces.filter((p) => p.color === state.side_to_move).map((p) => [p.cell, p.count]));
      // Games of group pieces: a move whose set has a cell landing where no own checker stands
      // (a press on an own checker adds it to the set).
      const m = state.legal.find((x) => !x.cells || x.dests.some((d) => !own.has(d)));
      if (m.cells) {
        // The moving set by clicks (a second click leaves one checker of a double behind), the
        // cell whose landing is free last: then its landing.
        const lead = m.dests.findIndex((d) => !own.has(d));
        const order = [...m.cells.keys()].filter((i) => i !== lead).concat([lead]);
        for (const i of order) {
          const [c, k] = m.cells[i];
          for (let n = own.get(c); n >= k; n--) await clickCell(page, name(c));
        }
        await page.locator(`#board [data-target="${name(m.dests[lead])}"]`).waitFor();
        await clickCell(page, name(m.dests[lead]));
      } else if (m.drop) {
        await page.click(`.hand-piece[data-drop="${m.drop}"]`);
        await clickCell(page, name(m.to));
      } else {
        await clickMove(page, name(m.from), name(m.to));
      }
      // Promotions and alternative chains between the same cells ask which one.
      const twins = m.cells ? [m] : state.legal.filter((x) => x.from === m.from && x.to === m.to && x.drop === m.drop);
      if (twins.length > 1) await page.click(`#choices button[data-move="${m.text}"]`);
      const moves = await waitMoves(page, 3);
      assert.ok(moves[1].startsWith(m.text), moves[1]);
      await shot(page, `${game}-black-flipped`);
      await context.close();
    });
  }
});

// Last: no page of this file logged an error to its console.
test("no page logged a console error", () => {
  assert.deepEqual(consoleErrors, []);
});
