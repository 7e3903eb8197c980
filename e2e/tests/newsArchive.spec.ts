// Issue 31, items 5 and 6: the news archive (/admin/{locale}/pages/news/{year}[/{month}]) and
// the calendar of dated pages, in an English and an Arabic interface, on a desktop and a 390 px
// phone: what they list, their navigation, their links to the editor, and no sideways scroll.
// Screenshots go to ../test-output/screens.
import { mkdirSync } from "node:fs";
import path from "node:path";

import type { Page } from "@playwright/test";

import { createPage, deletePage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";

const SCREENS = path.resolve("../test-output/screens");
const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement as Element;
    return scroller.scrollWidth - scroller.clientWidth;
  });
}

/** A news page with three articles in `year` (two in March, one in July) and two events in May. */
async function datedContent(page: Page, year: number, tag: string) {
  const news = await createPage(page, { name: `Newsroom ${tag}`, news_page: true, status: 2 });
  made.push(news.id);
  const article = (name: string, when: string) =>
    createPage(page, { name, parent_page_id: news.id, status: 2, published_at: `${year}-${when}` });
  await article(`Harbour reopens ${tag}`, "03-04T10:00:00Z");
  const march = await article(`Ferry timetable ${tag}`, "03-20T10:00:00Z");
  await article(`Summer festival ${tag}`, "07-01T10:00:00Z");
  const meeting = await createPage(page, {
    name: `Board meeting ${tag}`,
    template: "event",
    starts_at: `${year}-05-12T09:00:00Z`,
    ends_at: `${year}-05-12T11:00:00Z`,
  });
  made.push(meeting.id);
  const fair = await createPage(page, {
    name: `Book fair ${tag}`,
    template: "event",
    all_day: true,
    starts_at: `${year}-05-20T12:00:00Z`,
    ends_at: `${year}-05-22T12:00:00Z`,
  });
  made.push(fair.id);
  return { march, meeting };
}

// What a test adds at the top level goes again (deleted) after it: a longer tree would push the
// rows other tests look for out of the tree's window.
const made: number[] = [];
test.afterEach(async ({ page }) => {
  for (const id of made.splice(0)) await deletePage(page, id);
});

const CASES = [
  { language: "en", size: "desktop", year: 2041 },
  { language: "en", size: "phone", year: 2042 },
  { language: "ar", size: "desktop", year: 2043 },
  { language: "ar", size: "phone", year: 2044 },
] as const;

for (const { language, size, year } of CASES) {
  test.describe(`a ${language} interface on a ${size}`, () => {
    test.use({ locale: language, viewport: SIZES[size] });

    test(`the news archive and the calendar (${language}, ${size})`, async ({ page }) => {
      mkdirSync(SCREENS, { recursive: true });
      const shot = (name: string) =>
        screenshot(page, { path: path.join(SCREENS, `dated-${name}-${language}-${size}.png`), fullPage: true });
      await page.goto("/admin/account/");
      const tag = `${language}-${size}`;
      const { march, meeting } = await datedContent(page, year, tag);

      // From the tree's toolbar to the archive.
      await page.goto(`/admin/${language}/pages`);
      await expect(page.locator(".dated-links a").first()).toBeVisible();
      await page.locator(".dated-links a").first().click();
      await expect(page).toHaveURL(new RegExp(`/admin/${language}/pages/news$`));

      await page.goto(`/admin/${language}/pages/news/${year}`);
      const items = page.locator(".archive__item");
      await expect(items).toHaveCount(3);
      await expect(items.first()).toContainText(`Summer festival ${tag}`);
      await expect(page.locator(`a.archive__chip[href$="/news/${year}"]`).first()).toContainText("3");
      await shot("archive-year");
      expect(await sidewaysOverflow(page), "the archive scrolls sideways").toBeLessThanOrEqual(0);

      await page.locator(`a[href$="/news/${year}/3"]`).click();
      await expect(page).toHaveURL(new RegExp(`/news/${year}/3$`));
      await expect(items).toHaveCount(2);
      await shot("archive-month");
      await page.getByRole("link", { name: `Ferry timetable ${tag}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${language}/pages/${march.id}/edit`));

      await page.goto(`/admin/${language}/calendar?month=${year}-05`);
      const meetingLink = page.locator(`a[href$="/pages/${meeting.id}/edit"]`);
      await expect(meetingLink).toBeVisible();
      await expect(page.locator(".is-all-day").filter({ hasText: `Book fair ${tag}` }).first()).toBeVisible();
      if (size === "desktop") await expect(page.locator(".calendar__grid")).toBeVisible();
      else await expect(page.locator(".calendar__days")).toBeVisible();
      await shot("calendar");
      expect(await sidewaysOverflow(page), "the calendar scrolls sideways").toBeLessThanOrEqual(0);

      await page.locator(".calendar__bar button").nth(1).click(); // the next month: June
      await expect(page).toHaveURL(new RegExp(`month=${year}-06`));
      await expect(meetingLink).toHaveCount(0);
      await page.locator(".calendar__bar button").first().click();
      await expect(meetingLink).toBeVisible();
      await meetingLink.click();
      await expect(page).toHaveURL(new RegExp(`/admin/${language}/pages/${meeting.id}/edit`));
    });
  });
}
