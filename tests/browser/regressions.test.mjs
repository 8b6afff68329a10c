// Three bugs that cost a player the game or misled him, each reproduced as a player meets it:
// a move tried while the server is briefly unreachable must not turn the page into a spectator
// view; "Analyse" while reviewing analyses the position shown; the cube's margin labels name
// every cell exactly as the move notation does.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, shot, waitMoves, clickMove, startFromLobby, watchConsole, consoleErrors } from "./harness.mjs";

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

test("a move tried while the server is unreachable keeps the seat: after reconnecting the player moves on", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchConsole(page, [/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/, /EventSource/]);
  await startFromLobby(page, server.base, { game: "mgc", opponent: "engine" });
  await page.locator("#resign:not([disabled])").waitFor();
  await context.setOffline(true);
  // The move cannot reach the server.
  await page.locator('#board [data-cell="f3"]').click();
  await page.locator('#board [data-target="f5"]').waitFor();
  await page.locator('#board [data-cell="f5"]').click();
  await page.waitForTimeout(1500);
  await context.setOffline(false);
  // Back online: still the player's seat, and the move goes through.
  await page.locator("#resign:not([disabled])").waitFor({ timeout: 15000 });
  assert.doesNotMatch(await page.locator("#status").textContent(), /watching/i);
  await clickMove(page, "f3", "f5");
  const moves = await waitMoves(page, 2);
  assert.equal(moves[0], "f3-f5");
  await shot(page, "regression-offline-move");
  assert.deepEqual(errors(), []);
  await context.close();
});

test("Analyse while reviewing an earlier move analyses the position shown, not the live one", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await startFromLobby(page, server.base, { game: "mgc", opponent: "engine" });
  await clickMove(page, "f3", "f5");
  await waitMoves(page, 2);
  const id = new URL(page.url()).pathname.split("/").pop();
  const start = await (await fetch(`${server.base}/api/games/${id}/position/0`)).json();
  const shown = page.waitForResponse((r) => r.url().endsWith(`/api/games/${id}/position/0`));
  await page.click("#nav-first");
  await shown;
  const request = page.waitForRequest((r) => r.url().endsWith("/api/analyse") && r.method() === "POST");
  await page.click("#analyse");
  const body = JSON.parse((await request).postData());
  assert.equal(body.fen, start.fen);
  await context.close();
});

test("the cube's margin labels name each cell as the move notation does", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await startFromLobby(page, server.base, { game: "cubic", opponent: "engine" });
  // For every cell: the nearest label below it in its column is its file, the nearest label
  // to its left in its row is its rank (cell names are file letters + rank digits: c7).
  const wrong = await page.evaluate(() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width, h: r.height }; };
    const labels = [...document.querySelectorAll("#board text.label")].map((e) => ({ ...box(e), text: e.textContent }));
    const out = [];
    for (const cell of document.querySelectorAll("#board [data-cell]")) {
      const name = cell.dataset.cell;
      const [, file, rank] = /^([a-z]+)(\d+)$/.exec(name);
      const c = box(cell);
      const below = labels.filter((l) => Math.abs(l.x - c.x) < c.w / 2 && l.y > c.y).sort((a, b) => a.y - b.y)[0];
      const left = labels.filter((l) => Math.abs(l.y - c.y) < c.h / 2 && l.x < c.x).sort((a, b) => b.x - a.x)[0];
      if (below?.text !== file || left?.text !== rank) out.push(`${name}: column says ${below?.text}, row says ${left?.text}`);
    }
    return out;
  });
  assert.deepEqual(wrong, []);
  await shot(page, "regression-cube-labels");
  await context.close();
});

// Last: no page of this file logged an error to its console.
test("no page logged a console error", () => {
  assert.deepEqual(consoleErrors, []);
});
