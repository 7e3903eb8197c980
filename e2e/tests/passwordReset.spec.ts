// Forgot password → mail → new password → signed in, on the real server: the mail is sent by the
// server's embedded task worker and written to E2E_MAIL_DIR (scripts/e2e.sh sets EMAIL_URL=file://…).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "./fixtures";

const MAIL_DIR = process.env.E2E_MAIL_DIR ?? "";
const NEW_PASSWORD = "a-new-pass-for-e2e-7";

/** The reset link of the newest mail to `address` (polled: the worker sends it after the answer). */
async function resetLink(address: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        if (!existsSync(MAIL_DIR)) return ""; // made with the first mail
        const mails = readdirSync(MAIL_DIR, { withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) =>
            readFileSync(path.join(MAIL_DIR, entry.name), "utf-8"),
          )
          .filter((text) => text.includes(`To: ${address}`));
        const found = mails
          .at(-1)
          ?.match(/https?:\/\/\S+\/admin\/reset\/[^/\s]+\/[^/\s]+\//);
        link = found?.[0] ?? "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return link;
}

test("forgot password: a mail with a link, a new password, signed in with it", async ({
  page,
  browser,
}) => {
  test.skip(
    !MAIL_DIR,
    "needs E2E_MAIL_DIR, where scripts/e2e.sh has the server write its mail",
  );
  const username = `forgetful-${Date.now()}`;
  const address = `${username}@example.com`;
  await page.goto("/admin/account/"); // a screen sets the CSRF cookie
  const csrf = (await page.context().cookies()).find(
    (cookie) => cookie.name === "csrftoken",
  )?.value;
  const created = await page.request.post("/admin/users.json", {
    data: {
      user: {
        username,
        password: "the-forgotten-one-1",
        name: "Forgetful",
        email: address,
      },
    },
    headers: {
      "X-CSRFToken": csrf ?? "",
      "X-Requested-With": "XMLHttpRequest",
    },
  });
  expect(created.status()).toBe(201);

  // Someone who is not signed in, at the login form.
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
  });
  const visitor = await context.newPage();
  await visitor.goto("/admin/login/");
  await visitor.getByRole("link", { name: "Forgot your password?" }).click();
  await visitor.getByLabel("Email").fill(address);
  await visitor.getByRole("button", { name: "Send me a link" }).click();
  await expect(
    visitor.getByRole("heading", { name: "Check your mail" }),
  ).toBeVisible();

  await visitor.goto(await resetLink(address));
  await visitor.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await visitor.getByLabel("New password again").fill(NEW_PASSWORD);
  await visitor.getByRole("button", { name: "Set the password" }).click();
  await expect(
    visitor.getByRole("heading", { name: "Password set" }),
  ).toBeVisible();

  await visitor.getByRole("link", { name: "Log in" }).click();
  await visitor.getByLabel("Username").fill(username);
  await visitor.getByLabel("Password").fill(NEW_PASSWORD);
  await visitor.getByRole("button", { name: "Log in" }).click();
  await expect(visitor).not.toHaveURL(/\/admin\/login\//);
  await context.close();
});
