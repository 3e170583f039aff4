// Firefox ESR driven over WebDriver BiDi by puppeteer-core, for Python (scripts/engines.py).
//
// Playwright cannot drive a stock Firefox and Debian has no geckodriver, so the Python
// side starts this file with Node and talks to it in JSON lines: one request per line
// on stdin, {"id", "op", ...}; one answer per line on stdout, {"id", "ok": true,
// "value"} or {"id", "ok": false, "error"}. Requests are handled one at a time, in order.
//
//   node scripts/puppeteer_bridge.mjs '{"browser": "firefox", "executablePath": "/usr/bin/firefox-esr"}'
//
// ops (the page is the one tab of a fresh profile):
// - viewport {width, height}: the page's size in CSS pixels.
// - goto {url}: navigate, resolved once the navigation is committed (no load wait: the
//   caller polls the page for what it needs).
// - reload: the same, for a reload.
// - eval {expr}: the value of a JavaScript expression in the page (a promise is awaited),
//   JSON-serialisable.
// - mouse {actions: [{type: "move"|"down"|"up", x, y}]}: real mouse input, in CSS pixels.
// - double {x, y}: a double click there (puppeteer's, both clicks in one request).
// - screenshot {path}: a PNG of the viewport.
// - log: the console errors and page errors seen since the last `log` (and clears them).
// - close: close the browser and exit.
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const options = JSON.parse(process.argv[2] || "{}");
const browser = await puppeteer.launch({
  browser: options.browser || "firefox",
  executablePath: options.executablePath,
  headless: true,
  args: options.args || [],
});
const page = (await browser.pages())[0] || (await browser.newPage());
let problems = [];
page.on("console", (msg) => {
  if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
});
page.on("pageerror", (err) => problems.push(`pageerror: ${err && err.message}`));

const ops = {
  async viewport({ width, height }) {
    await page.setViewport({ width, height });
  },
  async goto({ url }) {
    await page.goto(url, { waitUntil: [] }).catch((err) => {
      if (!/aborted|interrupted/i.test(String(err))) throw err;
    });
  },
  async reload() {
    await page.reload({ waitUntil: [] }).catch((err) => {
      if (!/aborted|interrupted/i.test(String(err))) throw err;
    });
  },
  async eval({ expr }) {
    return await page.evaluate(`(async () => (${expr}))()`);
  },
  async mouse({ actions }) {
    for (const a of actions) {
      if (a.type === "move") await page.mouse.move(a.x, a.y);
      else if (a.type === "down") await page.mouse.down();
      else if (a.type === "up") await page.mouse.up();
      else if (a.type === "pause") await new Promise((r) => setTimeout(r, a.ms));
    }
  },
  async double({ x, y }) {
    await page.mouse.click(x, y, { count: 2 });
  },
  async screenshot({ path }) {
    await page.screenshot({ path });
  },
  async log() {
    const out = problems;
    problems = [];
    return out;
  },
  async close() {
    await browser.close();
    process.exit(0);
  },
};

process.stdout.write(JSON.stringify({ id: 0, ok: true, value: await browser.version() }) + "\n");
const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const req = JSON.parse(line);
  let answer;
  try {
    const value = await ops[req.op](req);
    answer = { id: req.id, ok: true, value: value === undefined ? null : value };
  } catch (err) {
    answer = { id: req.id, ok: false, error: String((err && err.stack) || err) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
await browser.close();
