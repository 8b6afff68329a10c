// Accounts, seeks and ratings in real headless Chromium (/play): two players sign up in two
// browser contexts, one posts a rated seek, the other accepts it from the live lobby list, both
// land in the game (the seeker by the lobby's push), play by clicking with no seat tokens (the
// session cookies prove the seats), one resigns, and both see their ratings move.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, shot, clickMove, waitMoves, consoleErrors } from "./harness.mjs";

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

async function signUp(page, name) {
  await page.goto(server.base + "/play");
  await page.locator("#sign-form").waitFor();
  await page.fill("#username", name);
  await page.fill("#password", name + " password");
  await page.click("#sign-up");
  await page.locator("#me-name", { hasText: name }).waitFor();
}

async function ratingOf(page) {
  await page.goto(server.base + "/play");
  const cell = page.locator('#my-ratings tr[data-game="mgc"] .rating');
  await cell.waitFor();
  return Number((await cell.textContent()).replace("?", ""));
}

test("sign up, post a seek, accept it in another browser, play, and both ratings move", async () => {
  const ann = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  await signUp(ann, "ann");
  await signUp(bob, "bob");
  // The session cookie is out of the page's reach.
  assert.equal(await ann.evaluate(() => document.cookie), "");
  await ann.selectOption("#seek-game", "mgc");
  await ann.fill("#seek-minutes", "0");
  await ann.click("#seek-post");
  await ann.locator("#seeks tr[data-seek] .seek-cancel").waitFor();
  // Bob's lobby list shows it live, without a reload.
  const accept = bob.locator("#seeks tr[data-seek] .seek-accept");
  await accept.waitFor();
  await shot(bob, "play-seeks");
  await accept.click();
  await bob.waitForURL(/\/g\/[a-z0-9]+$/);
  await ann.waitForURL(/\/g\/[a-z0-9]+$/);
  assert.equal(new URL(ann.url()).pathname, new URL(bob.url()).pathname);
  // Ann has White (the seek's colour); both seats are proven by the accounts.
  await clickMove(ann, "f3", "f5");
  await waitMoves(bob, 1);
  await clickMove(bob, "f8", "f6");
  await waitMoves(ann, 2);
  ann.once("dialog", (d) => d.accept()); // "Resign this game?"
  await ann.click("#resign");
  await ann.locator("#status", { hasText: "White resigned" }).waitFor();
  await bob.locator("#status", { hasText: "White resigned" }).waitFor();
  const [a, b] = [await ratingOf(ann), await ratingOf(bob)];
  assert.ok(a < 1500 && b > 1500, `ann ${a}, bob ${b}`);
  await bob.selectOption("#board-game", "mgc");
  await bob.locator("#leaderboard tbody tr").nth(1).waitFor();
  const names = await bob.locator("#leaderboard tbody tr td:first-child").allTextContents();
  assert.deepEqual(names, ["bob", "ann"]);
  await shot(bob, "play-ratings");
  await ann.context().close();
  await bob.context().close();
});

test("no page logged a console error", () => {
  assert.deepEqual(consoleErrors, []);
});
