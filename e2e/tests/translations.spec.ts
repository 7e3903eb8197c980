// Issue 22: translations kept in step with their source, copying from another locale, the
// side-by-side view, the translation report and content search. Screenshots of each new
// screen and state go to the run's output folder (desktop, a phone, the Arabic interface).
import type { Page } from "@playwright/test";

import { createPage, csrf, deletePage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";

const NORWEGIAN = "Norsk bokmål";
/** The Body field (the label 'Body' also names the diff of what changed in it). */
const BODY = "#block-body";

/** Change a page in a locale through the API, as another editor's save would. */
async function updatePage(page: Page, locale: string, id: number, fields: Record<string, unknown>) {
  const response = await page.request.put(`/admin/${locale}/pages/${id}.json`, {
    data: { page: fields },
    headers: { "X-CSRFToken": await csrf(page), "X-Requested-With": "XMLHttpRequest" },
  });
  expect(response.status()).toBe(200);
}

/** A page translated into Norwegian whose English body changed since: outdated in nb. */
async function outdatedPage(page: Page, name: string, nbName: string) {
  const { id } = await createPage(page, { name, body: "The reading room opens at nine." });
  await updatePage(page, "nb", id, { name: nbName, body: "Lesesalen åpner klokka ni." });
  await updatePage(page, "en", id, { body: "The reading room opens at ten on weekdays." });
  return id;
}

test("an outdated page found by the tree's filter is copied from English, translated and saved: the mark goes", async ({
  page,
  editor,
}, testInfo) => {
  const shot = (name: string) => testInfo.outputPath(`${name}.png`);
  const id = await outdatedPage(page, "Reading room hours", "Lesesalens åpningstider");

  await page.goto("/admin/nb/pages");
  await page.getByLabel("Show").selectOption({ label: `Outdated in ${NORWEGIAN}` });
  await expect(page.getByText(/pages?, shown with the pages above/)).toBeVisible();
  await screenshot(page, { path: shot("tree-filter-outdated") });
  // The demo has outdated pages of its own: the rows are windowed, so go to ours by its name.
  const search = page.getByRole("searchbox", { name: "Find a page" });
  await search.fill("Lesesalens åpningstider");
  await search.press("Enter");
  const row = page.getByRole("treeitem", { name: /Lesesalens åpningstider/ });
  await expect(row).toBeVisible();
  await expect(row.locator(".tree-row__marker--outdated")).toBeVisible();
  await screenshot(page, { path: shot("tree-filter-found") });

  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/nb/pages/${id}/edit`));
  await expect(editor.localeLink(NORWEGIAN)).toHaveAccessibleName(`${NORWEGIAN} (Outdated)`);
  await expect(editor.fieldHead("Body").getByText("Outdated")).toBeVisible();
  await page.getByText("What changed in English").click();
  await expect(page.locator(".source-changes ins").first()).toContainText("ten");
  await screenshot(page, { path: shot("editor-outdated-block"), fullPage: true });

  await page.getByRole("checkbox", { name: "Side by side" }).check();
  await expect(page.locator(".source-column").filter({ hasText: "opens at ten" })).toBeVisible();
  await screenshot(page, { path: shot("editor-side-by-side"), fullPage: true });

  await page.getByRole("button", { name: "Copy from English: Body" }).click();
  await expect(page.locator(BODY)).toHaveValue("The reading room opens at ten on weekdays.");
  await page.locator(BODY).fill("Lesesalen åpner klokka ti på hverdager.");
  await editor.saveAndExpectSuccess();
  await expect(page.locator(".outdated-badge")).toHaveCount(0);
  await expect(editor.localeLink(NORWEGIAN)).toHaveAccessibleName(`${NORWEGIAN} (Up to date)`);
  await screenshot(page, { path: shot("editor-translated") });

  // The server kept it: after a reload the page is up to date in Norwegian.
  await page.reload();
  await expect(page.locator(BODY)).toHaveValue("Lesesalen åpner klokka ti på hverdager.");
  await expect(page.locator(".outdated-badge")).toHaveCount(0);
  await deletePage(page, id);
});

test("copying the whole page fills only the empty blocks; leaving without saving undoes it", async ({
  page,
  editor,
}, testInfo) => {
  const { id } = await createPage(page, { name: "Study rooms", body: "Book a room at the desk." });
  await updatePage(page, "nb", id, { name: "Grupperom" });
  await editor.open("nb", id);
  await page.getByRole("button", { name: "Copy from English…" }).click();
  const dialog = page.getByRole("dialog", { name: "Copy from English" });
  await expect(dialog.getByRole("checkbox", { name: /Body/ })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: /Name/ })).not.toBeChecked();
  await screenshot(page, { path: testInfo.outputPath("copy-dialog.png") });
  await dialog.getByRole("button", { name: /^Copy/ }).click();
  await expect(page.locator(BODY)).toHaveValue("Book a room at the desk.");
  await expect(editor.field("Name")).toHaveValue("Grupperom");
  // Not saved: a reload (the leave guard accepted) shows the Norwegian page as stored.
  page.once("dialog", (question) => void question.accept());
  await page.reload();
  await expect(page.locator(BODY)).toHaveValue("");
  await deletePage(page, id);
});

test("content search from the tree's search box finds a word in any locale and opens the page there", async ({
  page,
}, testInfo) => {
  const { id } = await createPage(page, { name: "Map room", body: "Old maps of the fjords." });
  await updatePage(page, "nb", id, { name: "Kartrommet", body: "Gamle kart over fjordane og øyane." });
  await page.goto("/admin/en/pages");
  await page.getByRole("radio", { name: "Content" }).check();
  await page.getByRole("searchbox", { name: "Search the content" }).fill("øyane");
  const result = page.locator(".content-result").filter({ hasText: "Kartrommet" });
  await expect(result).toBeVisible();
  await expect(result.locator("mark")).toHaveText(["øyane"]);
  await screenshot(page, { path: testInfo.outputPath("content-search.png") });
  await page.setViewportSize({ width: 390, height: 800 });
  await screenshot(page, { path: testInfo.outputPath("content-search-phone.png") });
  await result.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/nb/pages/${id}/edit`));
  await deletePage(page, id);
});

test("the tree's rows carry their translation marks on first load, before it reads any page list", async ({
  page,
}, testInfo) => {
  // The demo's translations are honest (issue 28, item 5): none is behind its source, so one is
  // made so; the demo has pages still to translate in Norwegian among its first rows.
  const id = await outdatedPage(page, "Reading room notices", "Lesesalens oppslag");
  const lists: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith("/pages.json")) lists.push(request.url());
  });
  await page.goto("/admin/nb/pages");
  const outdated = page.locator(".tree-row__marker--outdated").first();
  await expect(outdated).toBeVisible();
  await expect(outdated).toHaveAttribute("title", `Outdated in ${NORWEGIAN}`);
  await expect(page.locator(".tree-row__marker--missing").first()).toBeVisible();
  await screenshot(page, { path: testInfo.outputPath("tree-first-paint-marks.png") });
  expect(lists).toEqual([]);
  // English is the source: nothing to mark.
  await page.goto("/admin/en/pages");
  await expect(page.getByRole("treeitem").nth(3)).toBeVisible();
  await expect(page.locator(".tree-row__marker--outdated, .tree-row__marker--missing")).toHaveCount(0);
  await deletePage(page, id);
});

test("the translation report lists the pages to do in a locale, each opening there", async ({ page }, testInfo) => {
  const id = await outdatedPage(page, "Reading room rules", "Lesesalens regler");
  await page.goto("/admin/nb/pages");
  await page.getByRole("link", { name: "Translations" }).click();
  await expect(page).toHaveURL(/\/admin\/nb\/translations/);
  // Named as the report's locale names it (issue 28, item 20), not by its English name.
  const item = page.locator(".report__item").filter({ hasText: "Lesesalens regler" });
  await expect(item).not.toContainText("Reading room rules");
  // The block by its title in the interface language, not its name; to update, not to translate.
  await expect(item).toContainText("To update: Body");
  await screenshot(page, { path: testInfo.outputPath("report-outdated.png"), fullPage: true });
  await page.getByRole("button", { name: "To translate" }).click();
  await expect(page.locator(".report__status")).not.toContainText("Loading");
  await screenshot(page, { path: testInfo.outputPath("report-missing.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole("button", { name: "To update" }).click();
  await expect(item).toBeVisible();
  await screenshot(page, { path: testInfo.outputPath("report-phone.png"), fullPage: true });
  await item.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/nb/pages/${id}/edit`));
  await page.getByRole("checkbox", { name: "Side by side" }).check();
  await screenshot(page, { path: testInfo.outputPath("editor-side-by-side-phone.png"), fullPage: true });
  await deletePage(page, id);
});

test.describe("in the Arabic interface", () => {
  test.use({ locale: "ar" });

  test("the editor's translation tools and the Arabic content lay out right to left", async ({ page }, testInfo) => {
    const { id } = await createPage(page, { name: "Reading room", body: "Quiet please." });
    await updatePage(page, "ar", id, { name: "قاعة المطالعة", body: "الهدوء من فضلك." });
    await updatePage(page, "en", id, { body: "Quiet please, and no food." });
    await page.goto(`/admin/ar/pages/${id}/edit`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.locator(".translation-toolbar input[type=checkbox]").check();
    await expect(page.locator(".source-column")).not.toHaveCount(0);
    await screenshot(page, { path: testInfo.outputPath("editor-ar-side-by-side.png"), fullPage: true });
    await page.goto("/admin/ar/translations");
    await screenshot(page, { path: testInfo.outputPath("report-ar.png"), fullPage: true });
    await deletePage(page, id);
  });
});
