import { defineConfig } from "@playwright/test";

// Tests about logging in and out use sessions of their own: session.spec.ts logs out, and must
// never end the saved session every other test starts from.
const SIGNS_IN_ITSELF = /\/(login|session)\.spec\.ts$/;

// Specs that read the tree's top-level rows (their order, the first or last one, arrow keys from
// one to the next) while the others add and delete pages there: they run after the rest, one at
// a time (scripts/e2e.sh runs them as a second part, so a --grep filters both).
// Not scheduling.spec.ts: it finds its page with 'Find a page', and its minute's wait for a change
// to go live is better spent beside the other specs.
const ALONE = /\/(pageTree|pageTreeFirstPaint|keyboard|editorRoughEdges|translations)\.spec\.ts$/;

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
    // Logs in through the form once per run and saves the session for the next project.
    { name: "sign in", testMatch: /auth\.setup\.ts$/ },
    // Start from that saved session: `test` from tests/fixtures.ts.
    { name: "signed in", testIgnore: [SIGNS_IN_ITSELF, ALONE], dependencies: ["sign in"] },
    { name: "signs in itself", testMatch: SIGNS_IN_ITSELF },
    // One worker: nothing else runs beside them when scripts/e2e.sh runs this project on its own.
    { name: "alone", testMatch: ALONE, dependencies: ["sign in"], workers: 1 },
  ],
});
