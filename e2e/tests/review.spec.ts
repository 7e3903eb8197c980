// Issue 32 (DESIGN §3, Review before publishing): an author who holds `submit` and not `edit`
// changes a published page, the editor offers "Submit for review" in Save's place, the website
// keeps the live text, a reviewer opens the change on the Waiting for review screen, compares
// it word by word and approves, and the website shows it. In English and with an Arabic
// interface; screenshots (desktop and 390 px) go to the run's output folder, each screen checked
// with axe.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";

import { createPage, deletePage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";

// Unlike any username made from a time stamp here: Django's similarity rule refused the last one
// for about 3 stamps in 100 (422, 'too similar to the username'), failing the test at random.
const PASSWORD = "yellow-submarine-piano-2048";
const stamp = () => Date.now().toString(36);

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find(
    (cookie) => cookie.name === "csrftoken",
  )?.value;
  return { "X-CSRFToken": csrf ?? "", "X-Requested-With": "XMLHttpRequest" };
}

/** An author with `submit` (and nothing else) on one page, made with the administrator's session. */
async function authorOf(
  page: Page,
  username: string,
  pageId: number,
): Promise<void> {
  await page.goto("/admin/account/");
  const made = await page.request.post("/admin/users.json", {
    data: {
      user: {
        username,
        password: PASSWORD,
        name: `Author ${username}`,
        email: "",
      },
    },
    headers: await csrfHeaders(page),
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  const granted = await page.request.post("/admin/grants.json", {
    data: {
      user_id: id,
      page_ids: String(pageId),
      permissions: ["submit"],
      action: "grant",
    },
    headers: await csrfHeaders(page),
  });
  expect(granted.status()).toBe(200);
}

async function logInAs(
  browser: Browser,
  username: string,
  locale: string,
  next: string,
): Promise<Page> {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    locale,
  });
  const page = await context.newPage();
  await page.goto(`/admin/login/?next=${encodeURIComponent(next)}`);
  await page.locator("#id_username").fill(username);
  await page.locator("#id_password").fill(PASSWORD);
  await page.locator("form [type=submit]").click();
  await expect(page).not.toHaveURL(/\/admin\/login\//);
  return page;
}

/** The public page's text as a visitor reads it (no session). */
async function publicText(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
  });
  const response = await context.request.get(url);
  const text = await response.text();
  await context.close();
  return text;
}

async function noAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.help}`),
  ).toEqual([]);
}

async function shoot(
  page: Page,
  testInfo: TestInfo,
  name: string,
): Promise<void> {
  await screenshot(page, {
    path: testInfo.outputPath(`${name}.png`),
    fullPage: true,
  });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, {
    path: testInfo.outputPath(`${name}-390.png`),
    fullPage: true,
  });
  if (size) await page.setViewportSize(size);
}

const journeys = [
  {
    lang: "en",
    submit: "Submit for review",
    send: "Submit",
    message: "Message to the reviewers (optional)",
    waiting: "Waiting for review",
    open: "Open",
    approve: "Approve",
    approved: "Approved. The author is told.",
    fromReview: "From the review",
  },
  {
    lang: "ar",
    submit: "إرسال للمراجعة",
    send: "إرسال",
    message: "رسالة إلى المراجعين (اختيارية)",
    waiting: "بانتظار المراجعة",
    open: "فتح",
    approve: "موافقة",
    approved: "تمت الموافقة. سيُبلَّغ المؤلف.",
    fromReview: "من المراجعة",
  },
] as const;

for (const words of journeys) {
  test.describe(`review before publishing (${words.lang} interface)`, () => {
    test.use({ locale: words.lang });

    test("an author with submit only submits a change; the live page stays until a reviewer approves", async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(120_000);
      const tag = stamp();
      await page.goto("/admin/account/");
      const live = await createPage(page, {
        name: `Opening hours ${tag}`,
        body: "Open from nine",
        status: 2,
      });
      const url = `/en/opening-hours-${tag}`;
      const stored = (await (
        await page.request.get(`/admin/en/pages/${live.id}.json`)
      ).json()) as {
        urls: Record<string, string>;
      };
      const address = stored.urls.en ?? url;
      await authorOf(page, `author-${words.lang}-${tag}`, live.id);

      // The author edits the published page: Save is Submit for review.
      const author = await logInAs(
        browser,
        `author-${words.lang}-${tag}`,
        words.lang,
        `/admin/en/pages/${live.id}/edit`,
      );
      const body = author.locator("#block-body");
      await expect(
        author.getByRole("button", { name: words.submit, exact: true }),
      ).toBeVisible();
      await body.fill("Open from eight");
      await author
        .getByRole("button", { name: words.submit, exact: true })
        .click();
      const dialog = author.getByRole("dialog");
      await dialog.getByLabel(words.message).fill("Earlier mornings");
      await dialog
        .getByRole("button", { name: words.send, exact: true })
        .click();
      await expect(
        author.getByText(words.waiting, { exact: true }),
      ).toBeVisible();
      // Checked once the toast is gone: mid-fade its text is faint on purpose.
      await expect(author.locator(".toast")).toHaveCount(0, {
        timeout: 15_000,
      });
      await noAxeViolations(author);
      await shoot(author, testInfo, `review-editor-${words.lang}`);

      // Visitors still read the live page.
      expect(await publicText(browser, address)).toContain("Open from nine");

      // The reviewer's bell tells of the change; its line opens it on Waiting for review.
      await page.goto(`/admin/en/reviews`);
      const row = page
        .getByRole("listitem")
        .filter({ hasText: `Opening hours ${tag}` });
      await expect(
        row.getByRole("button", { name: new RegExp(words.open) }),
      ).toBeVisible();
      await expect(
        page.locator(".admin-header .header-count").first(),
      ).toBeVisible();
      await page.locator(".notice-bell__button").click();
      await page
        .locator("#notice-bell-list")
        .getByRole("link", { name: new RegExp(`Opening hours ${tag}`) })
        .first()
        .click();
      await expect(page).toHaveURL(/\/admin\/en\/reviews\?review=\d+$/);
      await expect(page.locator(".diff-block").first()).toBeVisible();

      // A comment on the body in English, which the author reads under that field.
      await page.locator(".block-comments > button").first().click();
      await page
        .locator(".block-comments__form textarea")
        .fill("Say until when");
      await page.locator(".block-comments__form [type=submit]").click();
      await expect(
        page.locator(".block-comments").getByText("Say until when"),
      ).toBeVisible();
      await author.reload();
      await expect(
        author.getByRole("complementary", { name: words.fromReview }),
      ).toContainText("Say until when");
      await noAxeViolations(page);
      await shoot(page, testInfo, `review-change-${words.lang}`);
      await page
        .getByRole("button", { name: words.approve, exact: true })
        .click();
      await expect(page.getByText(words.approved)).toBeVisible();

      // The website shows it.
      await expect
        .poll(() => publicText(browser, address))
        .toContain("Open from eight");
      await author.context().close();
      await deletePage(page, live.id);
    });
  });
}
