// axe-core on every screen of the back office (issue 9, item 8): the tree and each tab of the
// editor in a left-to-right and a right-to-left content locale, the image library and the
// account page, each in an English and in an Arabic interface (the browser's language decides
// it: the signed-in editor chose none). No serious or critical violation of WCAG 2.1 A and AA.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { createPage, deletePage } from "./api";
import { expect, test } from "./fixtures";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The serious and critical violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(" ")} ${node.html.slice(0, 300)} — ${node.failureSummary ?? ""}`,
      ),
    );
}

/** Open an admin address and wait until its screen has rendered (any interface language). */
async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("#app header, main").first()).toBeVisible();
  // The tree's open rows load their children as it starts: wait until none is busy.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

for (const language of ["en", "ar"]) {
  test.describe(`${language === "en" ? "an English" : "an Arabic"} interface`, () => {
    test.use({ locale: language });

    for (const locale of ["en", "ar"]) {
      test(`the tree has no serious accessibility fault (${locale} content)`, async ({ page }) => {
        await openScreen(page, `/admin/${locale}/pages`);
        await expect(page.getByRole("tree")).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });

      test(`every tab of the editor has no serious accessibility fault (${locale} content)`, async ({ page }) => {
        // An event: the template with images, files, dates and tags, so every tab is there.
        const created = await createPage(page, { name: `Accessible event ${language} ${locale}`, template: "event" });
        for (const tab of ["content", "images", "files", "metadata"]) {
          await openScreen(page, `/admin/${locale}/pages/${created.id}/edit#${tab}`);
          await expect(page.locator(`#tab-${tab}`)).toHaveAttribute("aria-selected", "true");
          expect(await seriousViolations(page), `${tab} tab`).toEqual([]);
        }
        await deletePage(page, created.id);
      });
    }

    test("the image library has no serious accessibility fault", async ({ page }) => {
      for (const locale of ["en", "ar"]) {
        await openScreen(page, `/admin/images?locale=${locale}`);
        expect(await seriousViolations(page), `${locale} texts`).toEqual([]);
      }
    });

    test("the account page has no serious accessibility fault", async ({ page }) => {
      await openScreen(page, "/admin/account/");
      for (const tab of ["profile", "language", "password"]) {
        await page.goto(`/admin/account/#${tab}`);
        expect(await seriousViolations(page), `${tab} tab`).toEqual([]);
      }
    });
  });
}
