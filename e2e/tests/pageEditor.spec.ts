import { createPage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";
import { PageEditor } from "./pages/PageEditor";

const SCREENSHOTS = "../test-output/screenshots";

test("an editor creates a page in English and translates it into Norwegian", async ({ page, editor }) => {
  await editor.open("en", "new");
  await expect(editor.heading("New Page")).toBeVisible();
  await editor.field("Name").fill("Opening times");
  await editor.field("Headline").fill("When we are open");
  await editor.field("Body").fill("Monday to Friday, 9 to 20.");
  await editor.openTab("Metadata");
  await expect(page).toHaveURL(/#metadata$/);
  await editor.field("Path segment").fill("opening-times");
  await editor.saveAndExpectSuccess();
  await expect(page).toHaveURL(/\/admin\/en\/pages\/\d+\/edit#metadata$/);
  await expect(editor.heading("Opening times")).toBeVisible();

  // The locale switches in place: no page load (the marker survives), a new history entry.
  await page.evaluate(() => {
    (window as unknown as { __marker?: number }).__marker = 1;
  });
  await editor.switchLocale("Norsk bokmål");
  await expect(page).toHaveURL(/\/admin\/nb\/pages\/\d+\/edit#metadata$/);
  await expect(page.getByText("This page has no Norsk bokmål version yet.")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  // The content fields take the locale's lang; the chrome keeps the interface language's.
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("#path_segment")).toHaveAttribute("lang", "nb");
  await expect(editor.localeLink("Norsk bokmål")).toHaveAttribute("aria-current", "true");
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/en\/pages\/\d+\/edit#metadata$/);
  await expect(editor.field("Path segment")).toHaveValue("opening-times");
  await page.goForward();
  await expect(page).toHaveURL(/\/admin\/nb\/pages\/\d+\/edit#metadata$/);
  await expect(editor.field("Path segment")).toHaveValue("");
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  await editor.field("Path segment").fill("apningstider");
  await editor.openTab("Content");
  await expect(editor.field("Name")).toHaveValue("");
  await editor.field("Name").fill("Åpningstider");
  await editor.field("Body").fill("Mandag til fredag, 9 til 20.");
  await editor.saveAndExpectSuccess();

  await page.reload();
  await expect(editor.heading("Åpningstider")).toBeVisible();
  await expect(editor.field("Body")).toHaveValue("Mandag til fredag, 9 til 20.");
  await editor.switchLocale("English");
  await expect(editor.field("Name")).toHaveValue("Opening times");
  await expect(editor.field("Body")).toHaveValue("Monday to Friday, 9 to 20.");
});

test("the open tab lives in the address and survives a reload", async ({ page, editor }) => {
  const { id } = await createPage(page, { name: "Tabs", template: "landing" });
  await editor.open("en", id);
  await expect(page).toHaveURL(/#content$/);
  // The landing template has no images: that tab is plain text, not a link.
  await expect(editor.tab("Images")).toHaveCount(0);
  await expect(page.getByRole("main").getByText("Images", { exact: true })).toBeVisible();
  await editor.openTab("Files");
  await expect(page).toHaveURL(/#files$/);
  await expect(page.getByRole("heading", { name: /^Files/ })).toBeVisible();
  await editor.openTab("Metadata");
  await expect(page).toHaveURL(new RegExp(`/admin/en/pages/${id}/edit#metadata$`));
  await expect(editor.localeLink("Norsk bokmål")).toHaveAttribute(
    "href",
    `/admin/nb/pages/${id}/edit#metadata`,
  );
  await page.reload();
  await expect(editor.tab("Metadata")).toHaveAttribute("aria-selected", "true");
  await expect(editor.field("Path segment")).toBeVisible();
  await page.goBack();
  await expect(editor.tab("Files")).toHaveAttribute("aria-selected", "true");
});

test("a refused path segment is explained beside its label", async ({ page, editor }) => {
  const { id } = await createPage(page, { name: "Validation" });
  await editor.open("en", id, "metadata");
  await expect(page.getByText("Only alpanumeric characters and dashes are allowed.")).toBeVisible();
  await editor.field("Path segment").fill("bad segment");
  await editor.save();
  await expect(editor.toast).toHaveText("A validation error prevented the page from being saved.");
  await expect(editor.fieldHead("Path segment")).toContainText("can only contain letters, digits and dashes");
  await expect(editor.field("Path segment")).toHaveAttribute("aria-invalid", "true");
  await expect(editor.field("Path segment")).toHaveValue("bad segment");
});

test("every value an editor saves is there after a reload", async ({ page, editor }) => {
  const { id } = await createPage(page, { name: "Jazz night", template: "page" });
  await editor.open("en", id);

  await editor.sidebarField("Template").selectOption("event");
  await editor.field("Introduction").fill("Bring your **friends**.");
  await editor.field("Location").fill("Main hall");
  // No dates are made up for a page without them: the editor sets them (issue 28, item 2).
  await page.getByRole("button", { name: "Set dates" }).click();
  await editor.datePart("Starts: day").selectOption("12");
  await editor.datePart("Starts: month").selectOption({ index: 5 });
  await editor.datePart("Starts: year").selectOption("2031");
  await editor.datePart("Starts: time").fill("19:30");
  await editor.datePart("Ends: time").fill("22:00");
  await editor.addTag("Music");
  await editor.tag("Events").click();
  await editor.sidebarField("Status").selectOption("Published");
  await editor.sidebarField("Publish date: year").selectOption("2030");
  await expect(editor.sidebar.getByText("This page will publish later")).toBeVisible();
  await editor.sidebarField("Author").selectOption({ label: "Eva Editor" });
  await editor.field("Unique name").fill("jazz-night");
  await editor.field("Redirect to").fill("/en/events");
  await editor.sidebarField("Pinned").check();
  await editor.sidebarField("Hide from search engines").check();
  await editor.openTab("Metadata");
  await editor.field("Path segment").fill("jazz-night");
  await editor.field("Title for search engines").fill("Jazz night at the library");
  await screenshot(page, { path: `${SCREENSHOTS}/page-editor-metadata.png`, fullPage: true });
  await editor.saveAndExpectSuccess();

  await page.reload();
  await expect(editor.tab("Metadata")).toHaveAttribute("aria-selected", "true");
  await expect(editor.field("Path segment")).toHaveValue("jazz-night");
  await expect(editor.field("Title for search engines")).toHaveValue("Jazz night at the library");
  await expect(editor.sidebarField("Template")).toHaveValue("event");
  await expect(editor.sidebarField("Status")).toHaveValue("2");
  await expect(editor.sidebarField("Publish date: year")).toHaveValue("2030");
  await expect(editor.sidebarField("Author")).toHaveValue(/\d+/);
  await expect(editor.sidebarField("Author").locator("option:checked")).toHaveText("Eva Editor");
  await expect(editor.field("Unique name")).toHaveValue("jazz-night");
  await expect(editor.field("Redirect to")).toHaveValue("/en/events");
  await expect(editor.sidebarField("Pinned")).toBeChecked();
  await expect(editor.sidebarField("Hide from search engines")).toBeChecked();
  await expect(editor.sidebarField("News page")).not.toBeChecked();
  await editor.openTab("Content");
  await expect(editor.field("Introduction")).toHaveValue("Bring your **friends**.");
  await expect(editor.field("Location")).toHaveValue("Main hall");
  await expect(editor.datePart("Starts: day")).toHaveValue("12");
  await expect(editor.datePart("Starts: month")).toHaveValue("5");
  await expect(editor.datePart("Starts: year")).toHaveValue("2031");
  await expect(editor.datePart("Starts: time")).toHaveValue("19:30");
  await expect(editor.datePart("Ends: day")).toHaveValue("12");
  await expect(editor.datePart("Ends: time")).toHaveValue("22:00");
  await expect(editor.tag("Music")).toHaveAttribute("aria-pressed", "true");
  await expect(editor.tag("Events")).toHaveAttribute("aria-pressed", "true");
  await screenshot(page, { path: `${SCREENSHOTS}/page-editor.png`, fullPage: true });
});

test("a second editor's stale save is stopped and keeps their text", async ({
  browser,
  page,
  editor: first,
  storageState,
}) => {
  const { id } = await createPage(page, { name: "Shared page", body: "Original" });
  await first.open("en", id);

  // A second browser, signed in as well.
  const otherContext = await browser.newContext({ storageState });
  const otherPage = await otherContext.newPage();
  const second = new PageEditor(otherPage);
  await second.open("en", id);

  await first.field("Body").fill("First editor's text");
  await first.saveAndExpectSuccess();

  await second.field("Body").fill("Second editor's text");
  await second.save();
  await expect(second.conflictBanner).toContainText("Someone else changed this page after you opened it.");
  await expect(second.field("Body")).toHaveValue("Second editor's text");
  await screenshot(otherPage, { path: `${SCREENSHOTS}/page-editor-conflict.png` });

  await second.saveAnyway();
  await expect(second.toast).toHaveText("Your changes were saved");
  await expect(second.conflictBanner).toHaveCount(0);
  await page.reload();
  await expect(first.field("Body")).toHaveValue("Second editor's text");
  await otherContext.close();
});

test("leaving with unsaved changes asks first", async ({ page, editor }) => {
  const { id } = await createPage(page, { name: "Careful" });
  await editor.open("en", id);
  await editor.field("Headline").fill("Not saved yet");
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await editor.switchLocale("Norsk bokmål");
  await expect.poll(() => asked).toContain("unsaved changes");
  await expect(page).toHaveURL(new RegExp(`/admin/en/pages/${id}/edit`));
  await expect(editor.field("Headline")).toHaveValue("Not saved yet");
});

test("Arabic content is edited right to left in an English admin", async ({ page, editor }) => {
  const { id } = await createPage(page, { name: "Right to left", template: "event" });
  await createPage(page, { name: "من نحن", path_segment: "rtl-check" }, "ar");
  await editor.open("ar", id);
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(editor.field("Name")).toHaveAttribute("dir", "rtl");
  await editor.field("Name").fill("حفلة جاز");
  await screenshot(page, { path: `${SCREENSHOTS}/page-editor-ar.png`, fullPage: true });
});

test("Preview shows the unsaved page in a new tab", async ({ page, editor }) => {
  const { id } = await createPage(page, { name: "Preview me" });
  await editor.open("en", id);
  await editor.field("Name").fill("Previewed, not saved");
  await editor.field("Body").fill("Some **strong** words.");
  const preview = await editor.preview();
  await expect(preview.getByRole("heading", { name: "Previewed, not saved" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("strong");
  await expect(editor.field("Name")).toHaveValue("Previewed, not saved");
});

test("the social sharing image is uploaded, saved and removed", async ({ page, editor }) => {
  const { id } = await createPage(page, { name: "Shared on social media" });
  await editor.open("en", id, "metadata");
  // A 1x1 PNG: far below the recommended 1200x630.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  await editor.chooseSocialImage({ name: "tiny.png", mimeType: "image/png", buffer: png });
  await expect(editor.socialImage.getByText("tiny.png")).toBeVisible();
  await expect(editor.socialImage.getByText("Recommended at least 1200x630")).toBeVisible();
  await editor.saveAndExpectSuccess();
  await page.reload();
  await expect(editor.socialImage.getByRole("img", { name: /tiny\.png/ })).toBeVisible();
  await editor.removeSocialImage();
  await editor.saveAndExpectSuccess();
  await page.reload();
  await expect(editor.socialImage.getByText("No image chosen.")).toBeVisible();
});
