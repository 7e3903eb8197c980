import { createPage, picture } from "./api";
import { expect, test } from "./fixtures";
import { ImagesTab } from "./pages/ImagesTab";

/** A small picture drawn by the browser, 400x300, as PNG. */

test("preview from the editor opens a new tab with the unsaved text and image in the page's template", async ({
  page,
  editor,
}) => {
  const images = new ImagesTab(page);
  const { id } = await createPage(page, { name: "Harbour news", template: "article" });
  await editor.open("en", id, "images");
  await images.uploadMain([await picture(page, "harbour.png")]);
  await images.uploadsDone();
  await editor.openTab("Content");
  await editor.field("Name").fill("Harbour news, not saved yet");
  await editor.field("Body").fill("First line\nSecond line of **unsaved** text.");

  const preview = await editor.preview();

  await expect(preview.getByRole("status")).toHaveText("Preview — not saved, not published.");
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText("Harbour news, not saved yet");
  await expect(preview.locator("article.page.article")).toBeVisible(); // the article template
  await expect(preview.locator("strong")).toHaveText("unsaved");
  const hero = preview.locator("figure.hero img");
  await expect(hero).toHaveAttribute("src", /^\/renditions\//);
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  // Nothing was stored: the page keeps its saved name.
  await page.reload();
  await expect(editor.field("Name")).toHaveValue("Harbour news");
});

test("the Arabic page renders right to left", async ({ page }) => {
  const segment = `صفحة-${Date.now()}`;
  await createPage(page, { name: "من نحن", path_segment: segment, status: 2 }, "ar");

  await page.goto(`/ar/${encodeURIComponent(segment)}`);

  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  const heading = page.getByRole("heading", { level: 1, name: "من نحن" });
  await expect(heading).toBeVisible();
  expect(await heading.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
});
