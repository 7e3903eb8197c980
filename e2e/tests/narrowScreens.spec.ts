// No admin screen scrolls sideways on a 390 px phone, in any interface language (issue 18, item
// 9): the tree, each tab of the editor, the image and file libraries with something in them, the
// people, grants and log screens and the account page. The browser's language decides the
// interface (the signed-in editor chose none); the content is in an Arabic and an English locale.
import { mkdirSync } from "node:fs";
import path from "node:path";

import type { Page } from "@playwright/test";

import { createPage, csrf, deletePage, uploadFile, uploadImage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";

const SCREENS = path.resolve("../test-output/screens");
const PHONE = { width: 390, height: 844 };

/**
 * An event (every tab: images, files, dates, tags) with an image, a file, an Arabic name and a
 * headline its template lacks, so the Unconfigured content tab shows too.
 */
async function everyTabPage(page: Page): Promise<number> {
  const imageId = await uploadImage(page, "harbour-panorama-at-dawn-from-the-old-lighthouse.png");
  const fileId = await uploadFile(page, "ferry-timetable-summer-season-weekdays-and-holidays.txt");
  const { id } = await createPage(page, { name: "Narrow screens", template: "page", headline: "Kept aside" });
  const response = await page.request.put(`/admin/ar/pages/${id}.json`, {
    data: {
      page: {
        template: "event",
        name: "الشاشات الضيقة",
        headline: "محفوظ جانبًا",
        serialized_tags: JSON.stringify(["Harbour", "Ferries", "Summer timetable"]),
        page_images_attributes: [{ image_id: imageId, primary: true, position: 1 }],
        page_files_attributes: [{ attachment_id: fileId, position: 1 }],
      },
    },
    headers: { "X-CSRFToken": await csrf(page), "X-Requested-With": "XMLHttpRequest" },
  });
  expect(response.status()).toBe(200);
  return id;
}

/** The page's width beyond the viewport: 0 when it does not scroll sideways. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement as Element;
    return scroller.scrollWidth - scroller.clientWidth;
  });
}

async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  // Whatever the tree loads as it starts has arrived.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await screenshot(page, { path: path.join(SCREENS, `narrow-${name}.png`), fullPage: true });
  expect(await sidewaysOverflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

for (const language of ["en", "nb", "ar"]) {
  test.describe(`a ${language} interface at 390 px`, () => {
    test.use({ locale: language, viewport: PHONE });

    test(`no screen scrolls sideways (${language})`, async ({ page }) => {
      mkdirSync(SCREENS, { recursive: true });
      await page.goto("/admin/account/");
      const id = await everyTabPage(page);
      const screens: [string, string][] = [
        ["tree-en", "/admin/en/pages"],
        ["tree-ar", "/admin/ar/pages"],
        ["images", "/admin/images?locale=ar"],
        ["files", "/admin/attachments?locale=ar"],
        ["users", "/admin/users?locale=en"],
        ["grants", "/admin/grants?locale=en"],
        ["log", "/admin/log?locale=en"],
        ["account", "/admin/account/"],
      ];
      for (const [name, address] of screens) {
        await page.goto(address);
        await expect(page.locator("main")).toBeVisible();
        await expectNoSidewaysScroll(page, `${name}-${language}`);
      }
      for (const locale of ["ar", "en"]) {
        for (const tab of ["content", "images", "files", "metadata", "unconfigured-content"]) {
          await page.goto(`/admin/${locale}/pages/${id}/edit#${tab}`);
          await expect(page.locator(`#tab-${tab}`)).toHaveAttribute("aria-selected", "true");
          await expectNoSidewaysScroll(page, `editor-${locale}-${tab}-${language}`);
        }
      }
      // The image dialog, opened from the Images tab.
      await page.goto(`/admin/ar/pages/${id}/edit#images`);
      await page.locator(".image-card__thumb").first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSidewaysScroll(page, `image-dialog-${language}`);
      await deletePage(page, id);
    });
  });
}
