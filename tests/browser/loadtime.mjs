// Measures a game page's cold load; not a test (tests never assert wall-clock times):
//   CCG_SERVER=target/release/ccg-server node loadtime.mjs [runs] [game… | all]
// Per game, `runs` fresh browser contexts (a cold cache each), each reporting by the page's
// clock when the first frame with the board's pieces was drawn (its style, layout and paint
// done, as layout.test.mjs reports it) and when that frame began, with the spread and the
// machine's load. CCG_COMPARE=<another server binary> measures that one too,
// its runs interleaved with the first's so that both see the same load; VERBOSE=1 prints each
// run's requests (start, request sent, first byte, end, by the page's clock).
import { startServer, launchBrowser, createGame, holdSeats, watchFirstPieces, firstPiecesAt } from "./harness.mjs";
import { readFileSync } from "node:fs";

const [runs = "9", ...games] = process.argv.slice(2);
const binaries = [process.env.CCG_SERVER, process.env.CCG_COMPARE].filter(Boolean);
const servers = [];
for (const bin of binaries.length ? binaries : [undefined]) {
  if (bin) process.env.CCG_SERVER = bin;
  servers.push({ bin: bin || "target/debug/ccg-server", ...(await startServer()) });
}
const browser = await launchBrowser();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

async function once(server, game) {
  const g = await createGame(server.base, { game, opponent: "engine", level: 1 });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await holdSeats(context, g.id, [g.token], { sound: false });
  const page = await context.newPage();
  await watchFirstPieces(page);
  await page.goto(server.base + g.url);
  const { drawn, frame } = await firstPiecesAt(page);
  const info = await page.evaluate(() => ({
    requests: performance.getEntriesByType("resource").map((e) => [e.name.replace(location.origin, ""), e.startTime, e.requestStart, e.responseStart, e.responseEnd]),
  }));
  if (process.env.VERBOSE) {
    console.log(`  ${game}: drawn ${drawn.toFixed(0)} ms (the frame began at ${frame.toFixed(0)})`);
    for (const [u, ...t] of info.requests) console.log(`    ${u.slice(0, 50).padEnd(50)} ${t.map((x) => x.toFixed(0).padStart(5)).join("")}`);
  }
  await context.close();
  return { drawn, frame };
}

// `all`: every implemented game of the catalogue.
const chosen = games.includes("all")
  ? (await (await fetch(servers[0].base + "/api/catalogue")).json()).games.filter((g) => g.implemented).map((g) => g.id)
  : games.length ? games : ["mgc", "shogi", "doseki"];
for (const game of chosen) {
  const times = servers.map(() => []);
  const loads = [load()];
  for (let r = 0; r < Number(runs); r++) {
    for (const [i, server] of servers.entries()) times[i].push(await once(server, game));
  }
  loads.push(load());
  for (const [i, server] of servers.entries()) {
    const t = times[i].map((x) => x.drawn);
    const began = median(times[i].map((x) => x.frame));
    console.log(`${game} (${server.bin}): median ${median(t).toFixed(0)} ms, ${Math.min(...t).toFixed(0)}–${Math.max(...t).toFixed(0)} over ${t.length} runs [${t.map((x) => x.toFixed(0)).join(" ")}] (the frame began at ${began.toFixed(0)}, median); load ${loads.join(" → ")}`);
  }
}
await browser.close();
for (const s of servers) s.stop();
