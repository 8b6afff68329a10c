// Games of group pieces (Omino, Nomino, Doseki): groups outlined and named, a group's move by
// building its moving set with clicks or by picking it from the list of movable sets, a part of a
// group moving alone (a split), a double drawn as two stacked checkers and one of its checkers
// moving alone, a drop from the reserve, and Doseki's layers: a polycube outlined and named on
// each layer it touches, the same cell of the layers above and below lit with the chosen or
// pointed cell; the move entry suggesting each of the 859 moves of Doseki's start.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launchBrowser, shot, createGame, openGame, clickCell, waitMoves, consoleErrors } from "./harness.mjs";

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

// A White domino (a Horse) on e5 f5 and a lone Black checker on a10.
const HORSE = "x9/10/10/10/10/4XX4/10/10/10/10 w 0/0 0 1";

async function game(g, fen, options = []) {
  const created = await createGame(server.base, { game: g, options, opponent: "human", fen });
  return { created, ...(await openGame(browser, server.base, created, [created.token])) };
}

async function state(page) {
  return page.evaluate(async () => (await fetch("/api/games/" + location.pathname.split("/").pop())).json());
}

test("a group is outlined and named, and moves by the set built with clicks", async () => {
  const { page, context } = await game("omino", HORSE);
  await page.locator("#board text.group-name", { hasText: "Horse" }).waitFor();
  assert.equal(await page.locator("#board .group-line").count(), 2);
  await clickCell(page, "e5");
  await clickCell(page, "f5");
  // Where the last cell chosen lands: the whole translated shape is outlined under the pointer.
  const target = page.locator('#board [data-target="h7"]');
  await target.waitFor();
  const box = await page.locator('#board [data-cell="h7"]').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator("#board .shape-line.hover").waitFor();
  await shot(page, "groups-omino-shape");
  await clickCell(page, "h7");
  assert.deepEqual(await waitMoves(page, 1), ["H:e5f5-g7h7"]);
  await page.locator("#board text.group-name", { hasText: "Horse" }).waitFor();
  await context.close();
});

test("a movable set is picked from the list of those holding the checker chosen", async () => {
  const { page, context } = await game("omino", HORSE);
  await clickCell(page, "f5");
  const horse = page.locator("#sets button", { hasText: "Horse e5 f5" });
  await horse.waitFor();
  assert.ok((await page.locator("#sets button").count()) >= 2, "the Horse and the lone checker");
  await horse.click();
  await page.locator('#board [data-target="h7"]').waitFor();
  await clickCell(page, "h7");
  assert.deepEqual(await waitMoves(page, 1), ["H:e5f5-g7h7"]);
  await context.close();
});

test("a part of a group moves alone: the Horse splits", async () => {
  const { page, context } = await game("omino", HORSE);
  await clickCell(page, "e5");
  await page.locator('#board [data-target="e6"]').waitFor();
  await clickCell(page, "e6");
  assert.deepEqual(await waitMoves(page, 1), ["e5-e6"]);
  // Two lone checkers now: no name on either.
  await page.waitForFunction(() => document.querySelectorAll("#board .group-line.white").length === 2);
  assert.equal(await page.locator("#board text.group-name").count(), 0);
  await context.close();
});

// A White double on e5 with one checker in reserve; a lone Black checker on a10.
const DOUBLE = "x9/10/10/10/10/4D5/10/10/10/10 w 1/0 0 1";

test("a double is two stacked checkers, and one of them moves alone", async () => {
  const { page, context } = await game("nomino", DOUBLE, ["extras=on"]);
  assert.equal(await page.locator('#board g.piece[data-at="e5"] use').count(), 2);
  const s = await state(page);
  const e5 = s.board.cells.findIndex((c) => c.name === "e5");
  const m = s.legal.find((x) => x.cells?.length === 1 && x.cells[0][0] === e5 && x.cells[0][1] === 1);
  assert.ok(m, "one checker of the double moves alone");
  await clickCell(page, "e5");
  await clickCell(page, "e5"); // the second press leaves one checker behind
  await page.locator("#board .moving-count", { hasText: "1" }).waitFor();
  const to = s.board.cells[m.dests[0]].name;
  await page.locator(`#board [data-target="${to}"]`).waitFor();
  await clickCell(page, to);
  assert.deepEqual(await waitMoves(page, 1), [m.text]);
  await context.close();
});

test("a checker is dropped from the reserve", async () => {
  const { page, context } = await game("nomino", DOUBLE, ["extras=on"]);
  const s = await state(page);
  const drop = s.legal.find((x) => x.drop);
  assert.ok(drop, "a drop from the reserve is legal");
  await page.click('#bottom-player .hand-piece');
  const to = s.board.cells[drop.to].name;
  await page.locator(`#board [data-target="${to}"]`).waitFor();
  await clickCell(page, to);
  assert.deepEqual(await waitMoves(page, 1), [drop.text]);
  assert.equal(await page.locator("#bottom-player .hand-piece").count(), 0);
  await context.close();
});

/// A Doseki position string: `cells` (names like `Ee5`) White, `black` Black.
function doseki(cells, black) {
  const layers = [];
  for (const l of "ABCDEFGHI") {
    const rows = [];
    for (let r = 9; r >= 1; r--) {
      let row = "";
      let empty = 0;
      for (const f of "abcdefghi") {
        const name = `${l}${f}${r}`;
        const ch = cells.includes(name) ? "X" : black.includes(name) ? "x" : null;
        if (!ch) { empty++; continue; }
        if (empty) row += empty;
        row += ch;
        empty = 0;
      }
      rows.push(row + (empty ? empty : ""));
    }
    layers.push(rows.join("/"));
  }
  return `${layers.join("|")} w 0/0 0 1`;
}

test("Doseki: nine layers, a polycube named on each layer it touches, the layers above and below lit", async () => {
  const { page, context } = await game("doseki", doseki(["Ee5", "Fe5"], ["Ia9"]));
  assert.equal(await page.locator("#board .cell").count(), 729);
  assert.equal(await page.locator("#board text.region-title[data-layer]").count(), 9);
  // The Horse spans layers E and F: outlined and named on both.
  assert.equal(await page.locator("#board text.group-name", { hasText: "Horse" }).count(), 2);
  const centre = async (sel) => {
    const b = await page.locator(sel).first().boundingBox();
    return [Math.round(b.x + b.width / 2), Math.round(b.y + b.height / 2)];
  };
  const lit = async (cls) => page.$$eval(`#board ${cls}`, (es) => es.map((e) => {
    const b = e.getBoundingClientRect();
    return [Math.round(b.x + b.width / 2), Math.round(b.y + b.height / 2)];
  }).sort());
  // Choosing Ee5 lights De5 and Fe5.
  await clickCell(page, "Ee5");
  const expected = [await centre('[data-cell="De5"]'), await centre('[data-cell="Fe5"]')].sort();
  assert.deepEqual(await lit(".hl-link:not(.hover)"), expected);
  await shot(page, "groups-doseki-layers");
  // Pointing at a cell of the top layer lights the one below it only.
  const b = await page.locator('#board [data-cell="Ac3"]').boundingBox();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.waitForFunction(() => document.querySelectorAll("#board .hl-link.hover").length === 1);
  assert.deepEqual(await lit(".hl-link.hover"), [await centre('[data-cell="Bc3"]')]);
  await context.close();
});

test("the move entry suggests every legal move that starts as typed, however many the position has", async () => {
  const created = await createGame(server.base, { game: "doseki", opponent: "human" });
  const { page, context } = await openGame(browser, server.base, created, [created.token]);
  const legal = (await state(page)).legal.map((m) => m.text);
  assert.ok(legal.length > 400, `${legal.length} legal moves`);
  const offered = () => page.$$eval("#entry-moves option", (os) => os.map((o) => o.value));
  await page.focus("#entry-text");
  assert.deepEqual(await offered(), legal);
  const prefix = legal[legal.length - 1].slice(0, 3);
  await page.fill("#entry-text", prefix);
  assert.deepEqual(await offered(), legal.filter((t) => t.toLowerCase().startsWith(prefix.toLowerCase())));
  await context.close();
});

// Last: no page of this file logged an error to its console.
test("no page logged a console error", () => {
  assert.deepEqual(consoleErrors, []);
});
