// Passkeys in Chromium with the DevTools WebAuthn domain's virtual authenticator: a user made
// through the API adds a passkey on the account page, signs out, and signs in with the passkey
// alone (no username, no password). WebAuthn refuses an IP address as the relying party, so this
// runs at http://localhost (a secure context to Chromium), not at the 127.0.0.1 of BASE_URL.
// The passkey as the second step after a password is tested in pytest (cms/accounts/passkeys/
// tests/test_sign_in.py): the login's redirect to the second step is another branch's.
import { type Browser, type Page, expect, test } from "@playwright/test";

import { admin } from "./fixtures";

const base = (process.env.BASE_URL ?? "http://127.0.0.1:8765").replace("127.0.0.1", "localhost");
const PASSWORD = "passkey-user-pass-9";

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${base}/admin/login/?next=/admin/account/`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin\/account\/$/);
}

async function makeUser(browser: Browser, username: string): Promise<void> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, admin.username, admin.password);
  const csrf = (await context.cookies()).find((cookie) => cookie.name === "csrftoken")?.value ?? "";
  const created = await page.request.post(`${base}/admin/users.json`, {
    data: { user: { username, password: PASSWORD, name: "Pat Passkey", email: `${username}@example.com` } },
    headers: { "X-CSRFToken": csrf, "X-Requested-With": "XMLHttpRequest" },
  });
  expect(created.status()).toBe(201);
  await context.close();
}

test("add a passkey on the account page, sign out, sign in with the passkey alone", async ({ browser }) => {
  const username = `passkey-${Date.now()}`;
  await makeUser(browser, username);

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await signIn(page, username, PASSWORD);
  await page.getByRole("tab", { name: "Passkeys" }).click();
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  await page.getByLabel("Name of the new passkey").fill("This laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status")).toHaveText("The passkey “This laptop” was added.");
  await expect(page.getByRole("list", { name: "Your passkeys" }).getByText("This laptop")).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].isResidentCredential).toBe(true);

  // The sessions tab names this browser and this session.
  await page.getByRole("tab", { name: "Sessions" }).click();
  const sessions = page.getByRole("list", { name: "Your sessions" });
  await expect(sessions.getByText("This session")).toBeVisible();
  await expect(sessions.getByText(/Chrom(e|ium) on Linux/)).toBeVisible();

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/admin\/login\//);

  // No username, no password: the authenticator offers its passkey, verified by its "PIN".
  await page.goto(`${base}/admin/login/?next=/admin/account/`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/admin\/account\/$/);
  await expect(page.getByRole("link", { name: username })).toBeVisible();
  await page.getByRole("tab", { name: "Passkeys" }).click();
  await expect(page.getByText(/last used/)).toBeVisible();
  const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(after.credentials[0].signCount).toBeGreaterThan(credentials[0].signCount);
  await context.close();
});

test("a passkey the server does not know does not sign in", async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  // A passkey for this site made elsewhere (never registered here).
  await page.goto(`${base}/admin/login/`);
  await cdp.send("WebAuthn.addCredential", {
    authenticatorId,
    credential: {
      credentialId: Buffer.from("unknown-credential").toString("base64"),
      isResidentCredential: true,
      rpId: "localhost",
      privateKey: (await makePrivateKey()).toString("base64"),
      userHandle: Buffer.from("nobody").toString("base64"),
      signCount: 0,
    },
  });
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toHaveText("The passkey could not be verified. Please try again.");
  await expect(page).toHaveURL(/\/admin\/login\//);
  await context.close();
});

async function makePrivateKey(): Promise<Buffer> {
  const { generateKeyPairSync } = await import("node:crypto");
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return privateKey.export({ format: "der", type: "pkcs8" });
}
