// Time until the 'All Pages' screen answers input: the median of five loads of
// /admin/en/pages, from navigation start until a real ArrowDown key press has moved the
// tree's focus to the next row. Prints one line: `tree_screen_interactive_ms <median> ms`.
//
//   BASE_URL=http://127.0.0.1:8000 USERNAME=admin PASSWORD=… node e2e/bench/treeScreen.mjs
import { chromium } from "@playwright/test";

const BASE_URL = (process.env.BASE_URL ?? "http://127.0.0.1:8000").replace(/\/$/, "");
const USERNAME = process.env.USERNAME ?? "";
const PASSWORD = process.env.PASSWORD ?? "";
const LOADS = 5;
const TIMEOUT_MS = 60_000;
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

async function main() {
  if (!USERNAME || !PASSWORD) throw new Error("Set USERNAME and PASSWORD.");
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
    for (let load = 0; load < LOADS; load += 1) times.push(await timeOneLoad(page));
    console.log(`tree_screen_interactive_ms ${Math.round(median(times))} ms`);
  } finally {
    await browser.close();
  }
}

const watchdog = setTimeout(() => {
  console.error("treeScreen.mjs: gave up after 5 minutes");
  process.exit(2);
}, 300_000);
watchdog.unref();

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
