// The editor's embed helper (issue 31, item 3): the image dialog makes a code with options, and
// the preview shows the picture sized, classed and linked; a line break stays one (item 4).

import { createPage, deletePage, picture } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";
import { ImagesTab } from "./pages/ImagesTab";

// What a test adds at the top level goes again (deleted) after it: a longer tree would push the
// rows other tests look for out of the tree's window.
const made: number[] = [];
test.afterEach(async ({ page }) => {
  for (const id of made.splice(0)) await deletePage(page, id);
});

test("the embed helper makes a code with options and the preview shows it", async ({ page, editor }, testInfo) => {
  const images = new ImagesTab(page);
  const { id } = await createPage(page, { name: "Embed options", template: "article" });
  made.push(id);
  await editor.open("en", id, "images");
  await images.uploadMain([await picture(page, "quay.png")]);
  await images.uploadsDone();

  await images.openEditor(images.main, "quay.png");
  const code = images.dialog.locator(".media-editor__embed code");
  await expect(code).toHaveText(/^\[image:\d+\]$/);
  await images.dialog.getByText("Embed options").click();
  await images.dialog.getByLabel("Width (px)").fill("200");
  await images.dialog.getByLabel("Height (px)").fill("100");
  await images.dialog.getByLabel("CSS classes").fill("wide bad_class");
  await images.dialog.getByLabel("Link").fill("javascript:alert(1)");
  await expect(images.dialog.getByLabel("Link")).toHaveAttribute("aria-invalid", "true");
  await images.dialog.getByLabel("Link").fill("/en/about");
  await expect(code).toHaveText(/^\[image:\d+ size="200x100" class="wide" link="\/en\/about"\]$/);
  const written = (await code.textContent()) ?? "";
  await screenshot(page, { path: testInfo.outputPath("embed-options.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: testInfo.outputPath("embed-options-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await images.dialog.getByRole("button", { name: "Cancel" }).click();

  await editor.openTab("Content");
  await editor.field("Body").fill(`Line one\nLine two\n\n${written}`);
  const preview = await editor.preview();

  await expect(preview.locator(".prose p").first()).toContainText("Line one");
  await expect(preview.locator(".prose p br")).toHaveCount(1);
  const figure = preview.locator("figure.embed-image.embed-sized.wide");
  await expect(figure.locator("a.embed__link")).toHaveAttribute("href", "/en/about");
  const img = figure.locator("img");
  await expect(img).toHaveAttribute("width", "133");
  await expect(img).toHaveAttribute("height", "100");
  await expect(img).toHaveAttribute("src", /^\/renditions\/\d+\/400x0-fit-/);
  await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await expect.poll(() => img.evaluate((element) => Math.round(element.getBoundingClientRect().width))).toBe(133);
});
