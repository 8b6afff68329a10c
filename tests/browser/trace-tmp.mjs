// node trace-tmp.mjs GAME OUT.json : one cold load of GAME traced (devtools.timeline)
import { startServer, launchBrowser, createGame, holdSeats, watchFirstPieces, firstPiecesAt } from "./harness.mjs";
import { writeFileSync } from "node:fs";
const [game = "doseki", out = "/tmp/trace.json"] = process.argv.slice(2);
const server = await startServer();
const browser = await launchBrowser();
for (let warm = 0; warm < 2; warm++) {
  const g = await createGame(server.base, { game, opponent: "engine", level: 1 });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await holdSeats(context, g.id, [g.token], { sound: false });
  const page = await context.newPage();
  await watchFirstPieces(page);
  if (warm) await browser.startTracing(page, { path: out, categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8.execute"] });
  await page.goto(server.base + g.url);
  const { drawn, frame } = await firstPiecesAt(page);
  const origin = await page.evaluate(() => performance.timeOrigin);
  if (warm) { await browser.stopTracing(); writeFileSync(out + ".meta", JSON.stringify({ drawn, frame, origin })); }
  console.log(game, "drawn", drawn.toFixed(0), "frame", frame.toFixed(0));
  await context.close();
}
await browser.close();
server.stop();
