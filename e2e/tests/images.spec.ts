import { type Page } from "@playwright/test";

import { createPage } from "./api";
import { expect, test } from "./fixtures";
import { ImageLibrary } from "./pages/ImageLibrary";
import { ImagesTab } from "./pages/ImagesTab";
import type { FileToUpload } from "./pages/PageEditor";

/** A small picture drawn by the browser: four coloured quadrants, 400x300 (4:3), as PNG. */
async function picture(page: Page, name: string, tint: string): Promise<FileToUpload> {
  const dataUrl = await page.evaluate((colour) => {
    const canvas = document.createElement("canvas");
    canvas.width = 400;
    canvas.height = 300;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    const colours = [colour, "#2f9e44", "#1971c2", "#f08c00"];
    colours.forEach((fill, index) => {
      context.fillStyle = fill;
      context.fillRect((index % 2) * 200, Math.floor(index / 2) * 150, 200, 150);
    });
    return canvas.toDataURL("image/png");
  }, tint);
  return { name, mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1] ?? "", "base64") };
}

test("an editor uploads two images, makes the second primary, describes and crops it, and the library finds what lacks Arabic alt text", async ({
  page,
  editor,
}) => {
  const images = new ImagesTab(page);
  const { id } = await createPage(page, { name: "Harbour walk", template: "page" });
  await editor.open("en", id, "images");
  const first = await picture(page, "first-quay.png", "#e03131");
  const second = await picture(page, "second-boat.png", "#c2255c");

  // Dropped on the main image: the first becomes primary, the second joins the others.
  await images.uploadMain([first, second]);
  await images.uploadsDone();
  await expect(images.names(images.main)).toHaveText(["first-quay.png"]);
  await expect(images.names(images.others)).toHaveText(["second-boat.png"]);
  await expect(images.altMissing(images.main, "first-quay.png")).toBeVisible();

  await images.makePrimary("second-boat.png");
  await expect(images.names(images.main)).toHaveText(["second-boat.png"]);
  await expect(images.names(images.others)).toHaveText(["first-quay.png"]);

  // Alternative text in English and Norwegian, a 16:9 crop with a focal point.
  await images.openEditor(images.main, "second-boat.png");
  await images.dialogField("English", "Alternative text").fill("A boat in the harbour");
  await images.dialogField("Norsk bokmål", "Alternative text").fill("En båt i havna");
  await expect(images.dialogField("العربية", "Alternative text")).toHaveClass(/input--warning/);
  await images.chooseAspect("16:9");
  await images.toggleFocalPoint();
  await expect(images.dialog.getByRole("button", { name: /^Focal point at/ })).toBeVisible();
  await images.saveImage();
  await expect(images.altMissing(images.main, "second-boat.png")).toHaveCount(0);

  await editor.saveAndExpectSuccess();
  await page.reload();
  await expect(editor.tab("Images")).toHaveAttribute("aria-selected", "true");

  // The order persisted, and the main image shows cropped to 16:9 at 250 px wide.
  await expect(images.names(images.main)).toHaveText(["second-boat.png"]);
  await expect(images.names(images.others)).toHaveText(["first-quay.png"]);
  const thumbnail = images.thumbnail(images.main, "second-boat.png");
  await expect(thumbnail).toHaveAttribute("height", "141");
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth / Math.max(1, img.naturalHeight)))
    .toBeCloseTo(16 / 9, 1);

  // The crop, the focal point and the texts are stored with the image.
  await images.openEditor(images.main, "second-boat.png");
  await expect(images.dialogField("Norsk bokmål", "Alternative text")).toHaveValue("En båt i havna");
  await expect(images.dialog.getByText(/cropped to 400 × 225/)).toBeVisible();
  await expect(images.dialog.getByRole("button", { name: "Focal point", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("Escape");
  await expect(images.dialog).toBeHidden();

  // The library finds the image without Arabic alternative text, and where it is used.
  const library = new ImageLibrary(page);
  await library.open("en");
  await library.search("second-boat");
  await library.missingAltIn("العربية");
  await expect(library.card("second-boat.png")).toBeVisible();
  await expect(library.card("second-boat.png").getByRole("link", { name: "Harbour walk" })).toHaveAttribute(
    "href",
    `/admin/en/pages/${id}/edit#images`,
  );
  await library.missingAltIn("Norsk bokmål");
  await expect(page.getByText("Every image has alternative text in Norsk bokmål.")).toBeVisible();
});
