// Issue 31, item 7: the reports screen, reached from the page tree. An editor finds every
// YouTube video (youtu.be and youtube-nocookie.com too) and opens the page's editor; the
// templates tab lists the pages of a template. Screenshots: en and ar, desktop and 390 px.
import { createPage, deletePage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";

// What a test adds at the top level goes again (deleted) after it: a longer tree would push the
// rows other tests look for out of the tree's window.
const made: number[] = [];
test.afterEach(async ({ page }) => {
  for (const id of made.splice(0)) await deletePage(page, id);
});

test("the external content report finds every YouTube video and leads to its editor", async ({ page }, testInfo) => {
  const stamp = Date.now();
  const film = await createPage(page, { name: `Film night ${stamp}`, body: `Watch [the trailer](https://youtu.be/t${stamp}).` });
  const map = await createPage(page, { name: `Map ${stamp}`, body: `Find us on https://maps.example.org/${stamp}` });
  made.push(film.id, map.id);

  await page.goto("/admin/en/pages");
  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await expect(page.getByRole("cell", { name: /Article/ })).toBeVisible();
  await screenshot(page, { path: testInfo.outputPath("reports-templates-en.png"), fullPage: true });

  await page.getByRole("tab", { name: "External content" }).click();
  await page.getByLabel("Host").fill("youtube");
  await page.getByRole("button", { name: "Filter" }).click();
  const row = page.locator(".reports__item", { hasText: `Film night ${stamp}` });
  await expect(row).toContainText("youtu.be");
  await expect(page.locator(".reports__item", { hasText: `Map ${stamp}` })).toHaveCount(0);
  await expect(page).toHaveURL(/tab=external&host=youtube/);
  await screenshot(page, { path: testInfo.outputPath("reports-external-en.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: testInfo.outputPath("reports-external-en-390.png"), fullPage: true });

  await row.getByRole("link", { name: `Film night ${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/en/pages/${film.id}/edit`));
});

test.describe("in the Arabic interface", () => {
  test.use({ locale: "ar", extraHTTPHeaders: { "Accept-Language": "ar" } });

  test("the reports lay out right to left", async ({ page }, testInfo) => {
    const video = await createPage(page, { name: `Video ${Date.now()}`, body: "https://www.youtube-nocookie.com/embed/x" });
    made.push(video.id);
    await page.goto("/admin/ar/reports?template=page");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await screenshot(page, { path: testInfo.outputPath("reports-templates-ar.png"), fullPage: true });
    await page.goto("/admin/ar/reports?tab=external&host=youtube");
    await expect(page.locator(".reports__item").first()).toBeVisible();
    await screenshot(page, { path: testInfo.outputPath("reports-external-ar.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: testInfo.outputPath("reports-external-ar-390.png"), fullPage: true });
  });
});
