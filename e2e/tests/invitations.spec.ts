// Issue 30 item 3: a superuser invites someone with edit on one subtree; the mail (written by the
// server's task worker to E2E_MAIL_DIR, scripts/e2e.sh) carries the link; the invitee chooses a
// username and password in a browser of their own, and can then edit only in that subtree.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";

import { createPage, deletePage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";
import { PageEditor } from "./pages/PageEditor";
import { PageTree } from "./pages/PageTree";

const MAIL_DIR = process.env.E2E_MAIL_DIR ?? "";
const SCREENS = path.resolve("../test-output/screens");
// Unlike any username made from a time stamp here: Django's similarity rule refused the last one
// for about 3 stamps in 100 (422, 'too similar to the username'), failing the test at random.
const PASSWORD = "brass-kettle-meadow-42";

/** The invitation link of the newest mail to `address` (polled: the worker sends it after the answer). */
async function invitationLink(address: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        if (!existsSync(MAIL_DIR)) return "";
        const mails = readdirSync(MAIL_DIR, { withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => readFileSync(path.join(MAIL_DIR, entry.name), "utf-8"))
          .filter((text) => text.includes(`To: ${address}`));
        link = mails.at(-1)?.match(/https?:\/\/\S+\/admin\/invitation\/[A-Za-z0-9_-]+\//)?.[0] ?? "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return link;
}

/** Serious and critical WCAG 2.1 A/AA violations on the page as it is now (accessibility.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
}

async function newVisitor(browser: Browser, locale = "en-GB"): Promise<Page> {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    locale,
    viewport: { width: 1280, height: 800 },
  });
  return context.newPage();
}

test("an invited person chooses a login and can edit only the subtree they were given", async ({
  page,
  browser,
}) => {
  test.skip(!MAIL_DIR, "needs E2E_MAIL_DIR, where scripts/e2e.sh has the server write its mail");
  const tag = Date.now().toString(36);
  const address = `invitee-${tag}@example.com`;
  const username = `invitee-${tag}`;
  await page.goto("/admin/account/"); // a screen sets the CSRF cookie
  const team = await createPage(page, { name: `Invited team ${tag}`, status: 2 });
  const elsewhere = await createPage(page, { name: `Not theirs ${tag}`, status: 2 });

  // The administrator invites, choosing the rights in the grants editor's tree.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Invite someone" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite someone" });
  await dialog.getByLabel("Email", { exact: true }).fill(address);
  await dialog.getByLabel("Name", { exact: true }).fill(`Invitee ${tag}`);
  await dialog.getByRole("checkbox", { name: `Invited team ${tag}` }).check();
  await dialog.getByRole("button", { name: "Add these rights" }).click();
  await expect(dialog.getByRole("list", { name: "Rights chosen" })).toContainText(`Edit · Invited team ${tag}`);
  await screenshot(page, { path: `${SCREENS}/invitation-dialog.png` });
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog).toHaveCount(0);
  const invitations = page.getByRole("list", { name: "Invitations" });
  const entry = invitations.getByRole("listitem").filter({ hasText: address });
  await expect(entry).toContainText("Open");
  await page.reload(); // the worker has sent it by now or soon: the list says so
  await expect(entry).toContainText(/Mail sent|Mail on its way/);
  await screenshot(page, { path: `${SCREENS}/invitations-list.png`, fullPage: true });

  // The invitee, in a browser of their own.
  const link = await invitationLink(address);
  const visitor = await newVisitor(browser);
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { name: "Join the back office" })).toBeVisible();
  await visitor.getByLabel("Username").fill(username);
  await visitor.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await visitor.getByLabel("Password again").fill(PASSWORD);
  await screenshot(visitor, { path: `${SCREENS}/invitation-accept.png` });
  await visitor.getByRole("button", { name: "Make my account" }).click();
  await expect(visitor.getByRole("heading", { name: "Your account is ready" })).toBeVisible();
  // Once: the link now says so.
  const again = await visitor.goto(link);
  expect(again?.status()).toBe(410);
  await expect(visitor.getByRole("heading", { name: "This invitation does not work" })).toBeVisible();

  // Tall: the tree draws only the rows in view, and this test's pages come after everyone's.
  await visitor.setViewportSize({ width: 1280, height: 4000 });
  await visitor.goto("/admin/login/?next=/admin/en/pages");
  await visitor.getByLabel("Username").fill(username);
  await visitor.getByLabel("Password").fill(PASSWORD);
  await visitor.getByRole("button", { name: "Log in" }).click();
  await expect(visitor).toHaveURL(/\/admin\/en\/pages$/);
  const tree = new PageTree(visitor);
  await tree.loaded();
  await expect(tree.row(`Invited team ${tag}`).getByRole("link", { name: `Invited team ${tag}` })).toHaveCount(1);
  await expect(tree.row(`Not theirs ${tag}`)).toBeVisible();
  await expect(tree.row(`Not theirs ${tag}`).getByRole("link")).toHaveCount(0);

  // Edits inside the subtree are saved; outside it there is no Save, and the server refuses.
  const editor = new PageEditor(visitor);
  await editor.open("en", team.id);
  await editor.field("Name").fill(`Invited team ${tag} (edited)`);
  await editor.saveAndExpectSuccess();
  await editor.open("en", elsewhere.id);
  await expect(visitor.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
  const csrf = (await visitor.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value;
  const refused = await visitor.request.put(`/admin/en/pages/${elsewhere.id}.json`, {
    data: { page: { name: "Taken over" } },
    headers: { "X-CSRFToken": csrf ?? "", "X-Requested-With": "XMLHttpRequest" },
  });
  expect(refused.status()).toBe(403);
  await visitor.context().close();

  await expect
    .poll(async () => {
      await page.reload();
      return entry.textContent();
    })
    .toContain("Accepted");
  await deletePage(page, team.id);
  await deletePage(page, elsewhere.id);
});

test.describe("in Arabic", () => {
  test.use({ locale: "ar", viewport: { width: 1280, height: 900 } });

  test("the invitations, the deactivated users and the invitee's page read right to left", async ({
    page,
    browser,
  }) => {
    test.skip(!MAIL_DIR, "needs E2E_MAIL_DIR, where scripts/e2e.sh has the server write its mail");
    const tag = Date.now().toString(36);
    const address = `arabic-${tag}@example.com`;
    await page.goto("/admin/account/");
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value;
    const headers = { "X-CSRFToken": csrf ?? "", "X-Requested-With": "XMLHttpRequest" };
    const gone = await page.request.post("/admin/users.json", {
      data: { user: { username: `gone-${tag}`, password: "copper-lagoon-whistle-42", name: `سالم ${tag}` } },
      headers,
    });
    const goneId = ((await gone.json()) as { id: number }).id;
    await page.request.put(`/admin/users/${goneId}.json`, { data: { user: { is_active: false } }, headers });
    const invited = await page.request.post("/admin/invitations.json", {
      data: { invitation: { email: address, name: "ليلى", is_superuser: false, grants: [], language: "ar" } },
      headers,
    });
    expect(invited.status()).toBe(201);

    await page.goto("/admin/users");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "الدعوات" })).toBeVisible();
    await expect(page.getByRole("list", { name: "المستخدمون المعطّلون" })).toContainText(`سالم ${tag}`);
    await screenshot(page, { path: `${SCREENS}/invitations-list-ar.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "ادعُ شخصًا" }).click();
    const dialog = page.getByRole("dialog", { name: "ادعُ شخصًا" });
    await expect(dialog.getByRole("button", { name: "أرسل الدعوة" })).toBeVisible();
    await screenshot(page, { path: `${SCREENS}/invitation-dialog-ar.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "إلغاء" }).click();

    // The invitee's page speaks the invitation's language, whatever their browser's.
    const visitor = await newVisitor(browser, "en-GB");
    await visitor.goto(await invitationLink(address));
    await expect(visitor.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(visitor.getByRole("heading", { name: "انضم إلى لوحة الإدارة" })).toBeVisible();
    await screenshot(visitor, { path: `${SCREENS}/invitation-accept-ar.png` });
    expect(await seriousViolations(visitor)).toEqual([]);
    await visitor.context().close();
    // Reactivated from the list apart: back among the active users.
    await page.getByRole("button", { name: `إعادة تفعيل سالم ${tag}` }).click();
    await expect(page.getByRole("list", { name: "المستخدمون", exact: true })).toContainText(`سالم ${tag}`);
  });
});
