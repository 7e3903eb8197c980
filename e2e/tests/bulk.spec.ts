// Issue 33, bulk actions in the tree (DESIGN §3, Links and bulk work): an editor selects 30
// pages, publishes them in one job, watches its progress, and reads which two were refused and
// why — two pages the editor holds no right on. The rest were published, and the tree shows it
// without a reload.
import type { Browser, Page } from "@playwright/test";

import { createPage, csrf, deletePage, serverPages } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";
import { BulkActions } from "./pages/BulkActions";
import { PageTree } from "./pages/PageTree";

const PASSWORD = "e2e-bulk-editor-secret-4";
/** What a page without the right answers (cms/pages/rights.py EDIT_REFUSED). */
const NO_RIGHT = "You don't have permission to edit this page.";

// Tall enough for the parent and its 30 children to be rendered at once (the tree is windowed).
test.use({ viewport: { width: 1280, height: 1800 } });

async function headers(page: Page): Promise<Record<string, string>> {
  return { "X-CSRFToken": await csrf(page), "X-Requested-With": "XMLHttpRequest" };
}

/** An editor with `edit` on these pages only, made with the administrator's session. */
async function editorOf(page: Page, username: string, pageIds: number[]): Promise<void> {
  await page.goto("/admin/account/");
  const made = await page.request.post("/admin/users.json", {
    data: { user: { username, password: PASSWORD, name: `Bulk ${username}`, email: "" } },
    headers: await headers(page),
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  const granted = await page.request.post("/admin/grants.json", {
    data: { user_id: id, page_ids: pageIds.join(","), permissions: ["edit"], action: "grant" },
    headers: await headers(page),
  });
  expect(granted.status()).toBe(200);
}

async function logInAs(browser: Browser, username: string, next: string): Promise<Page> {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: { width: 1280, height: 1800 },
  });
  const page = await context.newPage();
  await page.goto(`/admin/login/?next=${encodeURIComponent(next)}`);
  await page.locator("#id_username").fill(username);
  await page.locator("#id_password").fill(PASSWORD);
  await page.locator("form [type=submit]").click();
  await expect(page).not.toHaveURL(/\/admin\/login\//);
  return page;
}

test("an editor publishes 30 selected pages in one job, watches it, and reads the two refused with their reason", async ({
  page,
  browser,
}, testInfo) => {
  const stamp = Date.now().toString(36);
  const parentName = `Bulk ${stamp}`;
  const childName = (n: number) => `${parentName} ${String(n).padStart(2, "0")}`;

  // A draft parent with 30 draft children; the editor may edit the first 28 only.
  await page.goto("/admin/en/pages");
  const parent = await createPage(page, { name: parentName });
  const children = [];
  for (let n = 1; n <= 30; n += 1)
    children.push(await createPage(page, { name: childName(n), parent_page_id: parent.id }));
  const username = `bulk-${stamp}`;
  await editorOf(page, username, children.slice(0, 28).map((child) => child.id));

  try {
    const editorPage = await logInAs(browser, username, "/admin/en/pages");
    const tree = new PageTree(editorPage);
    const bulk = new BulkActions(editorPage);
    await tree.loaded();
    const parentRow = `${parentName} Draft`;
    if ((await tree.row(parentRow).getAttribute("aria-expanded")) === "false") await tree.open(parentRow);
    // The new parent is the last top-level page: its children are the tree's last rows.
    await editorPage.evaluate(() => window.scrollTo(0, document.body.scrollHeight));

    await bulk.selectRange(childName(1), childName(30));
    await expect(bulk.bar.getByText("30 selected")).toBeVisible();
    await expect(bulk.box(parentName)).not.toBeChecked();

    // Nothing goes live before the editor reads what will.
    await bulk.choose("Publish");
    await expect(bulk.confirmation).toContainText("Publish 30 pages? Visitors will see them at once.");
    await bulk.confirm("Publish");
    await expect(bulk.bar).toBeHidden();

    const job = bulk.job("Publish: 30 pages");
    await expect(job).toBeVisible();
    const progress = job.getByRole("progressbar", { name: "Progress" });
    await expect(progress).toHaveAttribute("max", "30");
    // The tree answers while the job is on its way (how long it runs is the server's business).
    await bulk.box(parentName).click();
    await expect(bulk.bar.getByText("1 selected")).toBeVisible();
    await bulk.bar.getByRole("button", { name: "Clear selection" }).click();
    await expect(job.getByText("Finished.")).toBeVisible({ timeout: 30_000 });
    await expect(progress).toHaveAttribute("value", "30");
    await expect(job.getByText("30 of 30 pages")).toBeVisible();
    await expect(job.getByText("28 pages done.")).toBeVisible();

    const refused = job.getByRole("list", { name: "2 pages refused:" });
    await expect(refused.getByRole("listitem")).toHaveCount(2);
    // In the order the job reached them, which the contract leaves to the server.
    expect((await refused.getByRole("listitem").allTextContents()).sort()).toEqual([
      `${childName(29)}: ${NO_RIGHT}`,
      `${childName(30)}: ${NO_RIGHT}`,
    ]);
    await expect(job.getByRole("list", { name: /failed/ })).toHaveCount(0);

    // The tree read its rows again: the published ones lost their Draft mark, the refused kept it.
    await expect(tree.row(childName(1))).toBeVisible();
    await expect(tree.row(childName(28))).toBeVisible();
    await expect(tree.row(`${childName(29)} Draft`)).toBeVisible();
    await screenshot(editorPage, { path: testInfo.outputPath("bulk-job.png"), fullPage: false });

    // What the server stored, as the administrator reads it.
    const stored = new Map((await serverPages(page)).map((record) => [record.id, record.status]));
    expect(children.map((child) => stored.get(child.id))).toEqual([
      ...Array<number>(28).fill(2),
      0,
      0,
    ]);
    await editorPage.context().close();
  } finally {
    await deletePage(page, parent.id);
  }
});
