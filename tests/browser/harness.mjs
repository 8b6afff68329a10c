// Shared set-up of the browser tests: a ccg server on 127.0.0.1 (port 0, fresh SQLite file in a
// temp dir) and Debian's headless chromium driven by playwright-core. Screenshots go to
// target/browser-artifacts/.
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

export const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const artifacts = join(repo, "target", "browser-artifacts");
mkdirSync(artifacts, { recursive: true });

/// The server binary: $CCG_SERVER, or the one `cargo test`/`cargo build --profile test` built.
function serverBinary() {
  const bin = process.env.CCG_SERVER || join(repo, "target", "debug", "ccg-server");
  if (!existsSync(bin)) throw new Error(`${bin} missing: run cargo build --profile test -p ccg-server first`);
  return bin;
}

export async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), "ccg-browser-"));
  // No per-client creation or analysis limits: every test runs from the one loopback address.
  const child = spawn(serverBinary(), ["--addr", "127.0.0.1:0", "--db", join(dir, "ccg.sqlite"),
    "--games-per-minute", "0", "--analyses-per-minute", "0"], {
    stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, RUST_LOG: "warn" },
  });
  const line = await new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  const base = line.trim().split(" ").pop();
  // A script that dies must not leave its server running (holding the terminal's output open).
  process.once("exit", () => child.kill("SIGTERM"));
  return { base, stop: () => child.kill("SIGTERM") };
}

/// Console errors and uncaught exceptions of every page of every browser launched here, except
/// the browser's own reports of a network that a test took away.
export const consoleErrors = [];
const NETWORK_DOWN = /ERR_INTERNET_DISCONNECTED|net::ERR_|EventSource/;

function watchAll(context) {
  context.on("page", (page) => {
    page.on("console", (m) => {
      if (m.type() === "error" && !NETWORK_DOWN.test(m.text())) consoleErrors.push(`${page.url()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => consoleErrors.push(`${page.url()}: ${e}`));
  });
  return context;
}

/// Playwright gives each launch a fresh temporary profile (it refuses --user-data-dir in launch()).
/// Every page it opens is watched for console errors (see `consoleErrors`).
export async function launchBrowser() {
  const browser = await launch();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchAll(await newContext(options));
  browser.newPage = async (options) => (await browser.newContext(options)).newPage();
  return browser;
}

async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      // Headless Chromium builds the address bar's suggestion popup (a WebUI page of a dozen
      // modules, in a renderer of its own) for every new context: on two cores it took the
      // CPU from the page under test (mgc's cold load 374 ms median with it, 252 without).
      "--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup"],
  });
}

/// Collects the page's console errors and uncaught exceptions, except those matching `expected`
/// (e.g. failed requests while a test takes the network away); returns a function giving them.
export function watchConsole(page, expected = []) {
  const seen = [];
  const keep = (text) => { if (!expected.some((re) => re.test(text))) seen.push(text); };
  page.on("console", (m) => { if (m.type() === "error") keep(m.text()); });
  page.on("pageerror", (e) => keep(String(e)));
  return () => seen;
}

export async function shot(page, name) {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/// The texts of the move list.
export async function moveTexts(page) {
  return page.locator("#moves .move").allTextContents();
}

/// Waits until the move list has `n` moves.
export async function waitMoves(page, n, timeout = 30000) {
  await page.waitForFunction((n) => document.querySelectorAll("#moves .move").length >= n, n, { timeout });
  return moveTexts(page);
}

/// Clicks a cell of the board by its name.
export async function clickCell(page, name) {
  await page.locator(`#board [data-cell="${name}"]`).click();
}

/// Makes a move by clicking its two cells, checking that the target was highlighted first.
export async function clickMove(page, from, to) {
  await clickCell(page, from);
  await page.locator(`#board [data-target="${to}"]`).waitFor();
  await clickCell(page, to);
}

/// Makes a move by dragging a piece with the mouse.
export async function dragMove(page, from, to) {
  const a = await page.locator(`#board [data-cell="${from}"]`).boundingBox();
  const b = await page.locator(`#board [data-cell="${to}"]`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2 + a.width / 2, (a.y + b.y) / 2 + a.height / 2, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
  await page.mouse.up();
}

/// Starts a game from the lobby form; returns the game page.
export async function startFromLobby(page, base, { game, opponent, level = "1", color = "white", clock = "", keepOptions = false }) {
  if (!keepOptions) await page.goto(base + "/");
  await page.locator(`#game option[value="${game}"]`).waitFor({ state: "attached" });
  if (!keepOptions) await page.selectOption("#game", game);
  await page.selectOption("#opponent", opponent);
  if (opponent === "engine") await page.selectOption("#level", level);
  await page.selectOption("#color", color);
  await page.selectOption("#clock", clock);
  await page.click("#start");
  await page.waitForURL(/\/g\/[a-z0-9]+$/);
  await page.locator('#board [data-cell]').first().waitFor();
}

/// POSTs JSON to the server's API; returns [status, body].
export async function post(base, path, body) {
  const res = await fetch(base + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return [res.status, await res.json()];
}

/// Creates a game through the API (201 expected).
export async function createGame(base, body) {
  const [status, g] = await post(base, "/api/games", body);
  if (status !== 201) throw new Error(`create ${JSON.stringify(body)}: ${status} ${JSON.stringify(g)}`);
  return g;
}

/// Makes the context's pages hold the seats `tokens` of game `id` (and the settings `prefs`), as
/// a browser that created or joined the game does (localStorage, on the server's pages only).
export async function holdSeats(context, id, tokens, prefs) {
  await context.addInitScript(([id, t, prefs]) => {
    if (!location.protocol.startsWith("http")) return;
    localStorage.setItem("ccg:tokens:" + id, JSON.stringify(t));
    if (prefs) localStorage.setItem("ccg:settings", JSON.stringify(prefs));
  }, [id, tokens, prefs]);
}

/// Opens a game page in a fresh context holding `tokens` (the seats of this browser).
export async function openGame(browser, base, g, tokens, { prefs = { sound: false }, ...options } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  await holdSeats(context, g.id, tokens, prefs);
  const page = await context.newPage();
  await page.goto(base + (g.url || `/g/${g.id}`));
  await page.locator("#board [data-cell]").first().waitFor();
  return { context, page };
}

/// Records when the page has first drawn a frame with the board's pieces, by its own clock (from
/// its navigation), as `window.drawnAt`: call before `page.goto`, then `firstPiecesAt(page)`.
/// The frame's own work (style, layout, paint of the new board) comes after its animation-frame
/// callbacks, so the time is taken in a task posted from there: it runs once that frame is done.
/// (`window.frameAt`, the callback's own time, is when that frame began.)
export async function watchFirstPieces(page) {
  await page.addInitScript(() => {
    new MutationObserver((_, seen) => {
      if (!document.querySelector("#board g.piece")) return;
      seen.disconnect();
      requestAnimationFrame(() => {
        window.frameAt = performance.now();
        const done = new MessageChannel();
        done.port1.onmessage = () => { window.drawnAt = performance.now(); };
        done.port2.postMessage(null);
      });
    }).observe(document, { subtree: true, childList: true });
  });
}

/// The times `watchFirstPieces` recorded, once the frame has been drawn: when it was done
/// (`drawn`) and when it began (`frame`), in ms from the navigation.
export async function firstPiecesAt(page) {
  await page.waitForFunction(() => window.drawnAt);
  return page.evaluate(() => ({ drawn: window.drawnAt, frame: window.frameAt }));
}
