import { defineConfig } from "@playwright/test";

// Tests about logging in and out use sessions of their own: session.spec.ts logs out, and must
// never end the saved session every other test starts from.
const SIGNS_IN_ITSELF = /\/(login|session)\.spec\.ts$/;

// Drives Debian's Chromium (never a downloaded browser) against the server scripts/e2e.sh starts.
export default defineConfig({
  testDir: "./tests",
  outputDir: "../test-output/e2e",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: process.env.BASE_URL ?? "http://127.0.0.1:8765",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
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
    { name: "signed in", testIgnore: SIGNS_IN_ITSELF, dependencies: ["sign in"] },
    { name: "signs in itself", testMatch: SIGNS_IN_ITSELF },
  ],
});
