import { defineConfig } from "@playwright/test";

// Tests about logging in and out use sessions of their own: session.spec.ts logs out, and must
// never end the saved session every other test starts from.
const SIGNS_IN_ITSELF = /\/(login|session)\.spec\.ts$/;

// Specs that read the tree's top-level rows (their order, the first or last one, arrow keys from
// one to the next) while the others add and delete pages there: they run after the rest, one at
// a time (scripts/e2e.sh runs them as a second part, so a --grep filters both).
const ALONE = /\/(pageTree|pageTreeFirstPaint|keyboard|editorRoughEdges|translations)\.spec\.ts$/;

// Specs about signing in and one's account: they never add, move or delete a page, so they run in
// the second part beside the "alone" ones, on the core that part's one worker leaves free.
const BESIDE_ALONE = /\/(account|passwordReset|twoFactor|passkeys)\.spec\.ts$/;

// scheduling.spec.ts waits for a change to go live at a whole minute (20 to 80 s, mostly idle). It
// is a project of its own, listed first, so that it starts the first part: as the last file of
// its project it started last and kept one worker waiting after the other was done. It stays in
// the first part: it adds top-level pages, and finds its page with 'Find a page'.
const WAITS = /\/scheduling\.spec\.ts$/;

// Drives Debian's Chromium (never a downloaded browser) against the server scripts/e2e.sh starts.
export default defineConfig({
  testDir: "./tests",
  outputDir: "../test-output/e2e",
  // On a loaded machine a long multi-step test (axe on four tabs, a
  // two-step sign-in three times) took 34 s on a loaded machine. The limit catches a hang; what a
  // test proves is in its expectations (5 s each), which are unchanged.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  // Two browsers: spec files side by side (a file's tests in order; every spec stamps what it
  // adds). Measured on a quiet 2-core machine on 2026-11-29: 6.4 min against 7.5 min for one,
  // server start included (parts of 3.9 + 2.1 min against 4.7 + 2.6; the machine 86% busy
  // against 71%); the "alone" part below keeps one.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: process.env.BASE_URL ?? "http://127.0.0.1:8765",
    screenshot: "only-on-failure",
    // A trace records every action of every test to keep the failed ones': on CI, where nobody
    // can open it, that cost a fifth of the run (measured 2026-11-29: 2.6 min against 2.1 for 25
    // tests). A failure there still leaves its screenshot and the page's structure.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // Logs in through the form once per run and saves the session for the next projects.
    { name: "sign in", testMatch: /auth\.setup\.ts$/ },
    // The first part (scripts/e2e.sh), two workers.
    { name: "waits", testMatch: WAITS, dependencies: ["sign in"] },
    // Start from that saved session: `test` from tests/fixtures.ts.
    {
      name: "signed in",
      testIgnore: [SIGNS_IN_ITSELF, ALONE, BESIDE_ALONE, WAITS],
      dependencies: ["sign in"],
    },
    // The second part: one worker for the "alone" specs, the other for the rest.
    { name: "alone", testMatch: ALONE, dependencies: ["sign in"], workers: 1 },
    { name: "signs in itself", testMatch: SIGNS_IN_ITSELF },
    { name: "beside the alone ones", testMatch: BESIDE_ALONE, dependencies: ["sign in"] },
  ],
});
