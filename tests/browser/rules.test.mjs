// The rules pages for players: every implemented game has one, with its setup drawn, every piece
// with words and a move diagram that match the rules facts the server computes from the rules
// core, the special rules, a banner on reconstructed parts, and one click further our rulings
// word for word and the author's own text.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, shot, watchConsole, consoleErrors } from "./harness.mjs";

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

test("every implemented game has a rules page whose diagrams are the rules core's", async (t) => {
  const { games } = await (await fetch(server.base + "/api/catalogue")).json();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  for (const { id } of games.filter((g) => g.implemented)) {
    await t.test(id, async () => {
      const facts = await (await fetch(`${server.base}/api/rules/${id}`)).json();
      await page.goto(`${server.base}/rules#${id}`);
      await page.locator(".piece-card").first().waitFor();
      await page.reload(); // a fresh page per game, so that nothing of the previous one remains
      await page.locator(".piece-card").first().waitFor();
      // A type of group pieces has one card (its kinds differ only in the checkers on a cell).
      const kinds = facts.kinds.filter((k) => !k.group || k.group.checkers === (k.diagram.shape[0]?.[1] ?? 1));
      assert.equal(await page.locator(".piece-card").count(), kinds.length);
      // The setup diagram holds the setup's pieces.
      assert.equal(await page.locator(".setup-figure g.piece").count(), facts.setup.length);
      for (const k of kinds) {
        const card = page.locator(`.pieces-grid .piece-card[data-kind="${k.token}"]`);
        const marked = await card.locator("svg.diagram [data-mark]").count();
        const d = k.diagram;
        const expected = d.jumps.length
          ? null // draughts-style: an example jump is drawn
          : new Set([...d.moves, ...d.captures]).size;
        if (expected !== null) assert.equal(marked, expected, `${id} ${k.token}`);
        assert.ok((await card.locator(".pc-words").textContent()).length > 10);
      }
      if (facts.kinds.some((k) => k.promotion.length)) await page.locator(".special figure").first().waitFor();
      await page.click("#rulings summary");
      await page.locator("#rulings .md h3, #rulings .md h2").first().waitFor();
      assert.match(await page.locator("#rulings .md").textContent(), new RegExp("`?" + id.replace("-", "\\-")));
      await page.click("#source summary");
      await page.waitForFunction(() => document.querySelector("#source pre").textContent.length > 500);
      if (id === "mgc" || id === "brilliant" || id === "cheskers") await shot(page, `rules-${id}`);
    });
  }
  assert.deepEqual(errors(), []);
  await context.close();
});

test("a reconstructed part of a game says so at the top of its rules", async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto(`${server.base}/rules#brilliant`);
  await page.locator("#reconstructed", { hasText: "Reconstructed board" }).waitFor();
  await shot(page, "rules-brilliant-phone");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `horizontal scroll ${overflow}px`);
  await context.close();
});

// Last: no page of this file logged an error to its console.
test("no page logged a console error", () => {
  assert.deepEqual(consoleErrors, []);
});
