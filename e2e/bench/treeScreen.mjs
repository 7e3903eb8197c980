// Time until the 'All Pages' screen answers input: the median of LOADS (default five) loads
// of /admin/en/pages, from navigation start until a real ArrowDown key press has moved the
// tree's focus to the next row. Prints one line: `tree_screen_interactive_ms <median> ms`.
//
//   BASE_URL=http://127.0.0.1:8000 USERNAME=admin PASSWORD=… node e2e/bench/treeScreen.mjs
//
// TIMEOUT_MS bounds each step (default 60 s), WATCHDOG_MS the whole run (default 5 min).
// With SYNC=stdin it prints `ready` before each timed load and waits for a line on stdin:
// bench/run.py commits a change to a page then, so every load is timed after a change.
// Exit status: 3 when a step timed out, 2 when the watchdog fired, 1 on any other error.
import { createInterface } from "node:readline";
import { chromium } from "@playwright/test";

const BASE_URL = (process.env.BASE_URL ?? "http://127.0.0.1:8000").replace(/\/$/, "");
const USERNAME = process.env.USERNAME ?? "";
const PASSWORD = process.env.PASSWORD ?? "";
const LOADS = Number(process.env.LOADS ?? 5);
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS ?? 60_000);
const WATCHDOG_MS = Number(process.env.WATCHDOG_MS ?? 300_000);
const SYNC = process.env.SYNC === "stdin";
const TREE_PATH = "/admin/en/pages";

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Log in through Django's form, as a person would. */
async function logIn(page) {
  await page.goto(`${BASE_URL}/admin/login/?next=${encodeURIComponent(TREE_PATH)}`);
  await page.locator('input[name="username"]').fill(USERNAME);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith("/admin/login/"), { timeout: TIMEOUT_MS }),
    page.locator('form [type="submit"]').first().click(),
  ]);
}

/** Load the tree once; return ms from navigation start until it answered a key press. */
async function timeOneLoad(page) {
  await page.goto(`${BASE_URL}${TREE_PATH}`, { waitUntil: "commit" });
  const first = page.locator('[role="treeitem"]').first();
  await first.waitFor({ state: "attached" });
  await first.focus();
  await page.keyboard.press("ArrowDown");
  // performance.now() counts from the document's time origin: the start of the navigation.
  const answered = await page.waitForFunction(
    () => {
      const active = document.activeElement;
      const first = document.querySelector('[role="treeitem"]');
      return active?.getAttribute("role") === "treeitem" && active !== first ? performance.now() : null;
    },
    null,
    { polling: "raf" },
  );
  return answered.jsonValue();
}

/** With SYNC=stdin: say `ready` and wait until the caller answers with a line. */
const stdinLines = SYNC ? createInterface({ input: process.stdin })[Symbol.asyncIterator]() : null;
async function waitForCaller() {
  if (!stdinLines) return;
  console.log("ready");
  const { done } = await stdinLines.next();
  if (done) throw new Error("stdin closed before the caller answered");
}

async function main() {
  if (!USERNAME || !PASSWORD) throw new Error("Set USERNAME and PASSWORD.");
  if (!(LOADS >= 1)) throw new Error("LOADS must be at least 1.");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(TIMEOUT_MS);
    const page = await context.newPage();
    await logIn(page);
    await page.locator('[role="treeitem"]').first().waitFor();
    const times = [];
    for (let load = 0; load < LOADS; load += 1) {
      await waitForCaller();
      times.push(await timeOneLoad(page));
    }
    console.log(`tree_screen_interactive_ms ${Math.round(median(times))} ms`);
  } finally {
    await browser.close();
  }
}

const watchdog = setTimeout(() => {
  console.error(`treeScreen.mjs: gave up after ${WATCHDOG_MS / 1000} s`);
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();

main()
  .then(() => process.exit(0)) // stdin, when read, would keep the process alive
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error?.name === "TimeoutError" ? 3 : 1);
  });
