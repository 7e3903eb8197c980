// The interface language apart from the content locale (issue 9, item 1): the chrome speaks the
// user's language (here the browser's, the signed-in editor chose none) and is right-to-left
// only when that language is; the content fields take the lang and dir of the address's locale.
import path from "node:path";

import type { Page } from "@playwright/test";

import { createPage, deletePage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";

const SCREENS = path.resolve("../test-output/screens");

/** A page with an English and an Arabic name and body. */
async function bilingualPage(page: Page, name: string): Promise<number> {
  const created = await createPage(page, { name, body: "Open every weekday from nine.", template: "event" });
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value ?? "";
  const response = await page.request.put(`/admin/ar/pages/${created.id}.json`, {
    data: { page: { name: "ساعات العمل", body: "مفتوح كل يوم عمل من الساعة التاسعة." } },
    headers: { "X-CSRFToken": csrf, "X-Requested-With": "XMLHttpRequest" },
  });
  expect(response.status()).toBe(200);
  return created.id;
}

async function expectChrome(page: Page, language: string, dir: "ltr" | "rtl"): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(page.locator("html")).toHaveAttribute("dir", dir);
}

async function shoot(page: Page, name: string): Promise<void> {
  await screenshot(page, { path: path.join(SCREENS, `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: path.join(SCREENS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("an English interface", () => {
  test.use({ locale: "en-GB", viewport: { width: 1280, height: 800 } });

  test("edits Arabic content right to left inside a left-to-right admin", async ({ page }) => {
    const id = await bilingualPage(page, "Opening hours EN/AR");
    await page.goto(`/admin/ar/pages/${id}/edit`);
    await expectChrome(page, "en", "ltr");
    await expect(page.getByRole("tab", { name: "Content", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save", exact: true })).toBeVisible();
    const name = page.getByLabel("Name", { exact: true });
    await expect(name).toHaveValue("ساعات العمل");
    await expect(name).toHaveAttribute("dir", "rtl");
    await expect(name).toHaveAttribute("lang", "ar");
    // The name reads right to left inside a heading that lines up with the breadcrumb.
    await expect(page.getByRole("heading", { name: "ساعات العمل" }).locator("span")).toHaveAttribute("dir", "rtl");
    await expect(page.locator(".editor-sidebar")).toHaveCSS("direction", "ltr");
    await shoot(page, "editor-ar-content-en-interface");

    await page.getByRole("tab", { name: "Metadata" }).click();
    await expect(page.getByLabel("Path segment", { exact: true })).toHaveAttribute("dir", "rtl");

    await page.goto("/admin/ar/pages");
    await expectChrome(page, "en", "ltr");
    await expect(page.getByRole("tree", { name: "All Pages" })).toBeVisible();
    await expect(page.locator(".tree-row__name a[lang='ar']").first()).toHaveAttribute("dir", "rtl");
    await shoot(page, "tree-ar-content-en-interface");
    await deletePage(page, id);
  });
});

test.describe("an Arabic interface", () => {
  test.use({ locale: "ar", viewport: { width: 1280, height: 800 } });

  test("edits English content left to right inside a right-to-left admin", async ({ page }) => {
    const id = await bilingualPage(page, "Opening hours AR/EN");
    await page.goto(`/admin/en/pages/${id}/edit`);
    await expectChrome(page, "ar", "rtl");
    await expect(page.getByRole("tab", { name: "المحتوى", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "حفظ", exact: true })).toBeVisible();
    const name = page.locator("#block-name");
    await expect(name).toHaveValue("Opening hours AR/EN");
    await expect(name).toHaveAttribute("dir", "ltr");
    await expect(name).toHaveAttribute("lang", "en");
    await expect(page.locator(".editor-sidebar")).toHaveCSS("direction", "rtl");
    await shoot(page, "editor-en-content-ar-interface");

    await page.goto("/admin/en/pages");
    await expectChrome(page, "ar", "rtl");
    await expect(page.getByRole("tree", { name: "كل الصفحات" })).toBeVisible();
    await expect(page.locator(".tree-row__name a[lang='en']").first()).toHaveAttribute("dir", "ltr");
    await shoot(page, "tree-en-content-ar-interface");

    // The Arabic content in the Arabic interface: both right to left, for the README.
    await page.goto(`/admin/ar/pages/${id}/edit`);
    await expect(page.locator("#block-name")).toHaveAttribute("dir", "rtl");
    await shoot(page, "editor-ar-content-ar-interface");
    await page.goto("/admin/ar/pages");
    await expect(page.getByRole("tree")).toBeVisible();
    await shoot(page, "tree-ar-content-ar-interface");
    await deletePage(page, id);
  });

  test("shows the server's own words in Arabic: a refusal and the template's texts", async ({ page }) => {
    const { id } = await createPage(page, { name: "Refused AR", template: "event" });
    await page.goto(`/admin/en/pages/${id}/edit#metadata`);
    await expectChrome(page, "ar", "rtl");
    const segment = page.locator("#path_segment");
    await segment.fill("bad segment");
    await page.getByRole("button", { name: "حفظ", exact: true }).click();
    // The server's 422 message, in the interface language, beside the field's label.
    const head = page.locator(".form-field", { has: segment }).locator(".form-field__head");
    await expect(head).toContainText("لا يمكن أن يحتوي إلا على حروف وأرقام وشرطات");
    await expect(segment).toHaveAttribute("aria-invalid", "true");
    await shoot(page, "editor-refusal-ar-interface");

    // The template's name and its blocks' titles, from backend/page_templates.toml's [….ar] tables.
    await page.getByRole("tab", { name: "المحتوى", exact: true }).click();
    await expect(page.locator("#template option:checked")).toHaveText("فعالية");
    await expect(page.getByLabel("المقدمة", { exact: true })).toBeVisible();
    await expect(page.getByLabel("المكان", { exact: true })).toHaveAttribute("placeholder", "القاعة، المدينة");
    await shoot(page, "editor-block-titles-ar-interface");
    await deletePage(page, id);
  });
});

test.describe("a Norwegian interface", () => {
  test.use({ locale: "nb-NO", viewport: { width: 1280, height: 800 } });

  test("speaks bokmål around content in any locale", async ({ page }) => {
    const id = await bilingualPage(page, "Opening hours NB");
    await page.goto(`/admin/ar/pages/${id}/edit`);
    await expectChrome(page, "nb", "ltr");
    await expect(page.getByRole("tab", { name: "Innhold", exact: true })).toBeVisible();
    await expect(page.locator("#block-name")).toHaveAttribute("dir", "rtl");
    await shoot(page, "editor-ar-content-nb-interface");
    await page.goto("/admin/en/pages");
    await expect(page.getByRole("tree", { name: "Alle sider" })).toBeVisible();
    await shoot(page, "tree-en-content-nb-interface");
    await deletePage(page, id);
  });
});
