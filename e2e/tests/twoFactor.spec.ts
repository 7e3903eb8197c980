// Two-step sign-in in the browser (issue 30): a user made through the API turns TOTP on on the
// account page (this test computes the codes from the secret the page shows, as an authenticator
// app would), signs out, signs in with password + code, then with password + recovery code; and a
// user with a passkey passes the second step with it (Chromium's virtual authenticator).
// WebAuthn refuses an IP address as the relying party, so this runs at http://localhost (see
// passkeys.spec.ts), like the rest of this file for one origin throughout.
import { createHmac } from "node:crypto";

import { type Browser, type Page, expect, test } from "@playwright/test";

import { admin } from "./fixtures";
import { screenshot } from "./screenshots";

const base = (process.env.BASE_URL ?? "http://127.0.0.1:8765").replace("127.0.0.1", "localhost");
const PASSWORD = "two-step-user-pass-9";

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) of a base32 secret, `offset` steps from now. */
function totp(secret: string, offset = 0): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/=+$/, "").toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  }
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000 / 30) + offset));
  const digest = createHmac("sha1", key).update(counter).digest();
  const start = digest[digest.length - 1] & 0x0f;
  const value = (digest.readUInt32BE(start) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, "0");
}

async function passwordStep(page: Page, username: string): Promise<void> {
  await page.goto(`${base}/admin/login/?next=/admin/account/`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
}

async function logOut(page: Page): Promise<void> {
  await page.goto(`${base}/admin/account/`);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/admin\/login\//);
}

async function makeUser(browser: Browser, username: string): Promise<void> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto(`${base}/admin/login/?next=/admin/account/`);
  await page.getByLabel("Username").fill(admin.username);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin\/account\/$/);
  const csrf = (await context.cookies()).find((cookie) => cookie.name === "csrftoken")?.value ?? "";
  const created = await page.request.post(`${base}/admin/users.json`, {
    data: { user: { username, password: PASSWORD, name: "Tove Two-step", email: `${username}@example.com` } },
    headers: { "X-CSRFToken": csrf, "X-Requested-With": "XMLHttpRequest" },
  });
  expect(created.status()).toBe(201);
  await context.close();
}

test("turn on TOTP, then sign in with a code, then with a recovery code", async ({ browser }, testInfo) => {
  const username = `totp-${Date.now()}`;
  await makeUser(browser, username);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();

  await passwordStep(page, username);
  await expect(page).toHaveURL(/\/admin\/account\/$/); // no factor yet: the password alone
  await page.getByRole("tab", { name: "Two-step sign-in" }).click();
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(page.locator(".two-factor__qr svg")).toBeVisible(); // drawn by the server
  const secret = (await page.locator("[data-two-factor-secret]").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("Code from your app").fill(totp(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  const codes = page.locator("[data-two-factor-list] li");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toBe("recovery-codes.txt");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("10 recovery codes left.")).toBeVisible();
  await logOut(page);

  // Password + code: the code of the next step (the one that turned it on is used up).
  await passwordStep(page, username);
  await expect(page).toHaveURL(/\/admin\/login\/two_factor\//);
  const response = await page.request.get(`${base}/admin/users.json`);
  expect(response.status()).toBe(401); // not signed in between the steps
  await screenshot(page, { path: testInfo.outputPath("second-step.png"), fullPage: true });
  await page.getByLabel("Code").fill(totp(secret, 1));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/admin\/account\/$/);
  await expect(page.getByRole("link", { name: username })).toBeVisible();
  await logOut(page);

  // Password + a recovery code: signed in, told how many are left.
  await passwordStep(page, username);
  await page.getByLabel("Code").fill(recoveryCodes[0]);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("status")).toHaveText("You used a recovery code. You have 9 recovery codes left.");
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/admin\/account\/$/);
  await logOut(page);

  // The same recovery code again is refused.
  await passwordStep(page, username);
  await page.getByLabel("Code").fill(recoveryCodes[0]);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code is not right. Please try again.");
  await context.close();
});

test("a user with a passkey passes the second step with it", async ({ browser }) => {
  const username = `passkey2-${Date.now()}`;
  await makeUser(browser, username);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await passwordStep(page, username);
  await expect(page).toHaveURL(/\/admin\/account\/$/);
  await page.getByRole("tab", { name: "Passkeys" }).click();
  await page.getByLabel("Name of the new passkey").fill("This laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("list", { name: "Your passkeys" }).getByText("This laptop")).toBeVisible();
  await logOut(page);

  await passwordStep(page, username);
  await expect(page).toHaveURL(/\/admin\/login\/two_factor\//);
  await expect(page.getByLabel("Code")).toHaveCount(0); // no TOTP: only the passkey
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/admin\/account\/$/);
  await expect(page.getByRole("link", { name: username })).toBeVisible();
  await context.close();
});
