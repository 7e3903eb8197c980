// Media no page shows can be deleted from their library (issue 18, item 10): a Delete action
// beside "Not used on any page", a confirmation naming it, then it is gone and a notice says so.
// Media a page shows offer no Delete.
import path from "node:path";
import { mkdirSync } from "node:fs";

import { createPage, deletePage, uploadFile, uploadImage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";
import { FileLibrary } from "./pages/FilesTab";
import { ImageLibrary } from "./pages/ImageLibrary";

const SCREENS = path.resolve("../test-output/screens");

test.beforeAll(() => mkdirSync(SCREENS, { recursive: true }));

test("an image no page shows is deleted from the image library; one a page shows cannot be", async ({ page }) => {
  await page.goto("/admin/account/");
  const run = Date.now();
  const unused = `lonely-tern-${run}.png`;
  const used = `harbour-gull-${run}.png`;
  await uploadImage(page, unused);
  const usedId = await uploadImage(page, used);
  const { id } = await createPage(page, {
    name: "Gulls",
    template: "page",
    page_images_attributes: [{ image_id: usedId, primary: true, position: 1 }],
  });

  const library = new ImageLibrary(page);
  await library.open("en");
  await expect(library.card(used).getByRole("link", { name: "Gulls" })).toBeVisible();
  await expect(library.card(used).getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  const card = library.card(unused);
  await expect(card.getByText("Not used on any page")).toBeVisible();
  await card.getByRole("button", { name: `Delete ${unused}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete image" });
  await expect(dialog).toContainText(`No page shows “\u2068${unused}\u2069”.`);
  await screenshot(page, { path: path.join(SCREENS, "image-library-delete.png") });
  const answered = page.waitForResponse((r) => r.request().method() === "DELETE");
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  expect((await answered).status()).toBe(204);
  await expect(dialog).toBeHidden();
  await expect(library.card(unused)).toHaveCount(0);
  await expect(page.locator(".toast")).toHaveText(`“\u2068${unused}\u2069” was deleted.`);
  await page.reload();
  await expect(library.card(used)).toBeVisible();
  await expect(library.card(unused)).toHaveCount(0);
  await deletePage(page, id);
});

test("a file a page starts to show while the confirmation is open is kept, and the library says why", async ({ page }) => {
  await page.goto("/admin/account/");
  const run = Date.now();
  const timetable = `Winter timetable ${run}`;
  const leaflet = `Old ferry leaflet ${run}`;
  const fileId = await uploadFile(page, "ferry-winter-timetable.txt", timetable);
  await uploadFile(page, "ferry-old-leaflet.txt", leaflet);
  const files = new FileLibrary(page);
  await files.open("en");
  await files.search(String(run));
  await expect(files.item(timetable).getByText("Not used on any page")).toBeVisible();

  // The leaflet goes.
  await files.item(leaflet).getByRole("button", { name: `Delete ${leaflet}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete file" });
  await expect(dialog).toContainText(`No page shows “\u2068${leaflet}\u2069”.`);
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(files.item(leaflet)).toHaveCount(0);
  await expect(page.locator(".toast")).toHaveText(`“\u2068${leaflet}\u2069” was deleted.`);

  // Meanwhile a page links the timetable: the server refuses (409) and the dialog says why.
  await files.item(timetable).getByRole("button", { name: `Delete ${timetable}` }).click();
  const { id } = await createPage(page, {
    name: "Winter ferries",
    template: "page",
    page_files_attributes: [{ attachment_id: fileId, position: 1 }],
  });
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(dialog.getByRole("alert")).toContainText(`“\u2068${timetable}\u2069” could not be deleted:`);
  await screenshot(page, { path: path.join(SCREENS, "file-library-delete-refused.png") });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(files.item(timetable).getByRole("link", { name: "Winter ferries" })).toBeVisible();
  await expect(files.item(timetable).getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await deletePage(page, id);
});
