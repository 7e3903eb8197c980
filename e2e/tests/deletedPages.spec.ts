// Issue 31, item 1: a deleted subtree is found on the Deleted pages screen, restored, and is
// back in the tree. Screenshots of the screen go to the run's output folder (en and ar, desktop
// and a 390 px phone).
import { createPage, deletePage, serverPages } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";

// What a test adds at the top level goes again (deleted) after it: a longer tree would push the
// rows other tests look for out of the tree's window.
const made: number[] = [];
test.afterEach(async ({ page }) => {
  for (const id of made.splice(0)) await deletePage(page, id);
});

test("a deleted subtree is found on the Deleted pages screen, restored, and back in the tree", async ({
  page,
}, testInfo) => {
  const stamp = Date.now().toString(36);
  const name = `Old exhibitions ${stamp}`;
  const top = await createPage(page, { name, status: 2 });
  await createPage(page, { name: `Summer show ${stamp}`, parent_page_id: top.id, status: 2 });
  await createPage(page, { name: `Winter show ${stamp}`, parent_page_id: top.id });
  await deletePage(page, top.id);

  await page.goto("/admin/en/pages");
  await expect(page.getByRole("treeitem", { name: new RegExp(name) })).toHaveCount(0);
  await page.getByRole("link", { name: "Deleted pages" }).click();
  await expect(page.getByRole("heading", { name: "Deleted pages" })).toBeVisible();
  await page.getByLabel("Find by name").fill(stamp);
  await page.getByRole("button", { name: "Search" }).click();
  const entry = page.locator(".deleted-pages__item", { hasText: name });
  await expect(entry).toContainText("With 2 pages below it");
  await expect(entry).toContainText("Deleted by");
  await screenshot(page, { path: testInfo.outputPath("deleted-pages-en.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: testInfo.outputPath("deleted-pages-en-390.png"), fullPage: true });

  // It comes back published: the screen says so before anything changes.
  const warning = page.waitForEvent("dialog").then(async (dialog) => {
    const text = dialog.message();
    await dialog.accept();
    return text;
  });
  await entry.getByRole("button", { name: "Restore", exact: true }).click();
  expect(await warning).toContain("comes back as “Published”: visitors can reach it at once");
  made.push(top.id);
  await expect(page.getByText(`“${name}” is back.`)).toBeVisible();
  const pages = await serverPages(page);
  const restored = pages.find((record) => record.id === top.id);
  expect(restored?.status).toBe(2);
  expect(pages.filter((record) => record.parent_page_id === top.id)).toHaveLength(2);

  await page.getByRole("link", { name: "Show in the tree" }).click();
  await page.getByLabel("Find a page").fill(name);
  await expect(page.getByText(/^1 page found/)).toBeVisible(); // the tree's name search finds it again
});

test.describe("in the Arabic interface", () => {
  test.use({ locale: "ar" });

  test("the Deleted pages screen lays out right to left", async ({ page }, testInfo) => {
    const top = await createPage(page, { name: `Archive ${Date.now().toString(36)}` });
    await createPage(page, { name: "Below", parent_page_id: top.id });
    await deletePage(page, top.id);
    await page.goto("/admin/ar/deleted_pages");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator(".deleted-pages__item").first()).toBeVisible();
    await screenshot(page, { path: testInfo.outputPath("deleted-pages-ar.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: testInfo.outputPath("deleted-pages-ar-390.png"), fullPage: true });
  });
});
