// The editor's details that trying it found (issue 18, item 9), each in Chromium: what a
// template-disabled tab looks like, where the error summary leads, what a toast may cover, the
// title beside its breadcrumb, and the image dialog.
import { mkdirSync } from "node:fs";
import path from "node:path";

import type { Page } from "@playwright/test";

import { byName, createPage, deletePage, serverPages } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";
import { ImagesTab } from "./pages/ImagesTab";
import type { FileToUpload } from "./pages/PageEditor";

const SCREENS = path.resolve("../test-output/screens");

test.beforeAll(() => mkdirSync(SCREENS, { recursive: true }));

/** A 400x300 PNG drawn by the browser. */
async function picture(page: Page, name: string): Promise<FileToUpload> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 400;
    canvas.height = 300;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.fillStyle = "#1971c2";
    context.fillRect(0, 0, 400, 300);
    context.fillStyle = "#f08c00";
    context.fillRect(150, 100, 60, 60);
    return canvas.toDataURL("image/png");
  });
  return { name, mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1] ?? "", "base64") };
}

test("a tab the template disables looks like plain text, not like a tab", async ({ page, editor }) => {
  // News lists have neither images nor files.
  const news = byName(await serverPages(page), "News");
  await editor.open("en", news.id);
  const live = page.locator("#tab-metadata");
  const disabled = page.locator("#tab-images");
  await expect(disabled).toHaveText("Images");
  await expect(page.getByRole("tab", { name: "Images" })).toHaveCount(0);
  const look = (locator: typeof live) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        cursor: style.cursor,
        fontStyle: style.fontStyle,
        fontSize: parseFloat(style.fontSize),
        fontWeight: Number(style.fontWeight),
        underline: style.borderBottomStyle !== "none" && parseFloat(style.borderBottomWidth) > 0,
        focusable: (element as HTMLElement).tabIndex >= 0,
      };
    });
  const tab = await look(live);
  const text = await look(disabled);
  expect(tab).toMatchObject({ underline: true, focusable: true });
  expect(text).toMatchObject({ cursor: "default", fontStyle: "italic", underline: false, focusable: false });
  expect(text.fontSize).toBeLessThan(tab.fontSize);
  expect(text.fontWeight).toBeLessThan(tab.fontWeight);
  await screenshot(page.locator(".editor-tabs"), { path: path.join(SCREENS, "editor-disabled-tabs.png") });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("no toast covers a field's message, and the error summary leads to every field", async ({ page, editor }) => {
    const { id } = await createPage(page, { name: "Refused twice", template: "page" });
    await editor.open("en", id, "metadata");
    await editor.field("Path segment").fill("bad segment");
    const redirect = page.locator("#redirect_to");
    await redirect.fill("https:///evil.example");
    // The field at the very bottom of the screen, where the toast shows by default.
    await redirect.evaluate((element) => element.scrollIntoView({ block: "end" }));
    await page.keyboard.press("Control+s");
    const toast = page.locator(".toast");
    await expect(toast).toHaveText("A validation error prevented the page from being saved.");
    const redirectError = page.locator(".form-field", { has: redirect }).locator(".form-field__error");
    await expect(redirectError).toBeVisible();
    await redirect.evaluate((element) => element.scrollIntoView({ block: "end" }));
    await screenshot(page, { path: path.join(SCREENS, "editor-toast-beside-errors-390.png") });
    // Every message on screen stays readable while the toast shows (it moves as the page scrolls).
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        const messages = await page.locator(".form-field__error").evaluateAll((elements) =>
          elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
        );
        return messages.filter(
          (rect) =>
            box !== null &&
            rect.width > 0 &&
            rect.left < box.x + box.width &&
            box.x < rect.right &&
            rect.top < box.y + box.height &&
            box.y < rect.bottom,
        ).length;
      })
      .toBe(0);

    // The summary names both fields, and each leads to its field.
    const summary = page.getByRole("region", { name: "Please correct these fields:" });
    await summary.scrollIntoViewIfNeeded();
    await summary.getByRole("button", { name: "Redirect to" }).click();
    await expect(redirect).toBeFocused();
    await editor.openTab("Content");
    await summary.getByRole("button", { name: "Path segment" }).click();
    await expect(page.locator("#tab-metadata")).toHaveAttribute("aria-selected", "true");
    await expect(editor.field("Path segment")).toBeFocused();
    await deletePage(page, id);
  });
});

test("in the image dialog a click sets the focal point, Save image says so, and the crop reopens with its preset", async ({
  page,
  editor,
}) => {
  const images = new ImagesTab(page);
  const { id } = await createPage(page, { name: "Focal point by click", template: "page" });
  await editor.open("en", id, "images");
  await images.uploadMain([await picture(page, "lighthouse.png")]);
  await images.uploadsDone();

  await images.openEditor(images.main, "lighthouse.png");
  await images.chooseAspect("16:9");
  const focal = images.dialog.getByRole("button", { name: "Focal point", exact: true });
  await expect(focal).toHaveAttribute("aria-pressed", "false");
  // A click a quarter of the way across and halfway down the picture.
  const frame = images.dialog.locator(".cropper__frame");
  const box = (await frame.boundingBox()) as { x: number; y: number; width: number; height: number };
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.5);
  await expect(focal).toHaveAttribute("aria-pressed", "true");
  await expect(images.dialog.getByRole("button", { name: /^Focal point at 40%, 50%/ })).toBeVisible();
  await screenshot(images.dialog, { path: path.join(SCREENS, "image-dialog-focal-click.png") });
  await images.saveImage();
  await expect(page.locator(".toast")).toHaveText("The image was saved.");
  await expect(page.locator(".toast")).toHaveClass(/toast--notice/);

  // Reopened, the crop shows the preset it was made with.
  await images.openEditor(images.main, "lighthouse.png");
  await expect(images.dialog.getByRole("button", { name: "16:9" })).toHaveAttribute("aria-pressed", "true");
  await expect(images.dialog.getByRole("button", { name: "Free" })).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Escape");

  // A file the server refuses is named in the message.
  await images.uploadOthers([{ name: "not-really.png", mimeType: "image/png", buffer: Buffer.from("no picture") }]);
  await expect(page.locator(".toast")).toContainText("Error uploading image: “\u2068not-really.png\u2069”:");
  await deletePage(page, id);
});

for (const [language, content, name] of [
  ["en", "ar", "من نحن"],
  ["ar", "en", "About us"],
] as const) {
  test.describe(`an ${language} interface`, () => {
    test.use({ locale: language, viewport: { width: 1280, height: 800 } });

    test(`the title of ${content} content lines up with its breadcrumb`, async ({ page }) => {
      const about = byName(await serverPages(page), "About us");
      await page.goto(`/admin/${content}/pages/${about.id}/edit`);
      const title = page.getByRole("heading", { level: 1, name });
      await expect(title).toBeVisible();
      const edges = (selector: string) =>
        page.locator(selector).first().evaluate((element) => {
          // The text's own box (a range), not the block's: where the words begin and end.
          const range = document.createRange();
          range.selectNodeContents(element);
          const box = range.getBoundingClientRect();
          return { left: Math.round(box.left), right: Math.round(box.right) };
        });
      const crumbs = await edges(".breadcrumb ol");
      const heading = await edges("h1.page-title");
      if (language === "ar") expect(Math.abs(heading.right - crumbs.right)).toBeLessThanOrEqual(2);
      else expect(Math.abs(heading.left - crumbs.left)).toBeLessThanOrEqual(2);
      await screenshot(page.locator(".editor-top"), { path: path.join(SCREENS, `editor-title-${content}-in-${language}.png`) });
    });
  });
}

test("the tag editor asks the server for tags by prefix as one types, and keeps to the limits", async ({
  page,
  editor,
}) => {
  // 60 tags late in the alphabet: a page record suggests only the first 50 of the site's tags.
  const run = Date.now();
  const many = Array.from({ length: 60 }, (_, index) => `Zz ${run} tag ${String(index).padStart(2, "0")}`);
  const holder = await createPage(page, { name: "Many tags", template: "event", serialized_tags: JSON.stringify(many) });
  const { id } = await createPage(page, { name: "Tag suggestions", template: "event" });
  await editor.open("en", id);
  const box = page.getByLabel("New tag");
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/admin/tags.json")) asked.push(new URL(request.url()).searchParams.get("q") ?? "");
  });
  await box.pressSequentially(`zz ${run} tag 5`, { delay: 20 });
  const known = page.getByRole("list", { name: "Known tags" });
  await expect(known.getByRole("button")).toHaveText(
    Array.from({ length: 10 }, (_, index) => `+Zz ${run} tag 5${index}`),
  );
  // Calls only when typing pauses (a loaded machine may pause mid-word too), the last for all of it.
  expect(asked.at(-1)).toBe(`zz ${run} tag 5`);
  expect(asked.length).toBeLessThan(`zz ${run} tag 5`.length / 2);
  await known.getByRole("button", { name: `Zz ${run} tag 57` }).click();
  await box.fill("");
  await expect(known.getByRole("button", { name: `Zz ${run} tag 57` })).toHaveAttribute("aria-pressed", "true");

  // A tag of 101 characters is refused before it is sent.
  await box.fill("x".repeat(101));
  await expect(page.getByText("A tag can have at most 100 characters.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add", exact: true })).toBeDisabled();
  await screenshot(page.locator(".tag-editor"), { path: path.join(SCREENS, "tag-editor-suggestions.png") });
  await box.fill("");
  await editor.saveAndExpectSuccess();
  await deletePage(page, id);
  await deletePage(page, holder.id);
});
