// Issue 33, items 3 and 4: before a linked page goes, its confirmation says which pages link
// to it; once it is gone, the broken-link report lists the link and the linking page's editor
// marks it under its block. Needs the link index and its calls (the backend of issue 33).
import { createPage, deletePage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";

// What a test adds at the top level goes again (deleted) after it: a longer tree would push the
// rows other tests look for out of the tree's window.
const made: number[] = [];
test.afterEach(async ({ page }) => {
  for (const id of made.splice(0)) await deletePage(page, id);
});

test("an editor deletes a linked page after reading which page links to it; the report and the editor show the broken link", async ({
  page,
  pageTree,
}, testInfo) => {
  const stamp = Date.now();
  const targetName = `Opening hours ${stamp}`;
  const sourceName = `Visit us ${stamp}`;
  const target = await createPage(page, { name: targetName, status: 2, template: "page" });
  made.push(target.id);
  // Linked by its permalink, which the link index resolves to the page (DESIGN §3).
  const address = `/en/pages/${target.id}`;
  const source = await createPage(page, {
    name: sourceName,
    status: 2,
    template: "page",
    body: `Before you come, see [our opening hours](${address}).`,
  });
  made.push(source.id);

  // The target's editor says who links to it, after it has painted.
  await page.goto(`/admin/en/pages/${target.id}/edit`);
  const links = page.getByRole("region", { name: "Links" });
  await links.getByText("Linked from one page").click();
  await expect(links.getByRole("link", { name: sourceName })).toHaveAttribute(
    "href",
    `/admin/en/pages/${source.id}/edit`,
  );

  // The tree's Delete asks, and says which page's link will show as plain text.
  await pageTree.goto();
  // Found, then Enter: the (windowed) tree scrolls to the row however long the tree has grown.
  const answered = page.waitForResponse((response) => response.url().includes("/pages.json?q="));
  await pageTree.find(targetName);
  await answered;
  await pageTree.search.press("Enter");
  await expect(pageTree.row(targetName)).toBeFocused();
  await pageTree.delete(targetName);
  await expect(pageTree.deleteDialog).toContainText("Are you sure you want to delete this page?");
  await expect(pageTree.deleteDialog).toContainText(
    `One page links to “\u2068${targetName}\u2069”: its link will show as plain text.`,
  );
  await expect(pageTree.deleteDialog.getByRole("link", { name: sourceName })).toHaveAttribute(
    "href",
    `/admin/en/pages/${source.id}/edit`,
  );
  await screenshot(page, { path: testInfo.outputPath("links-delete-warning-en.png") });
  await pageTree.answerDelete(true);
  await expect(pageTree.row(targetName)).toHaveCount(0);
  made.splice(made.indexOf(target.id), 1);

  // The report, narrowed to the linking page, lists the link with its reason in words.
  await page.goto(`/admin/en/reports?tab=broken&under=${source.id}`);
  await expect(page.getByRole("tab", { name: "Broken links" })).toHaveAttribute("aria-selected", "true");
  const row = page.locator(".reports__item", { hasText: address });
  await expect(row).toContainText("The page it links to, or a page above it, is deleted.");
  await expect(row).toContainText("Body");
  await screenshot(page, { path: testInfo.outputPath("links-report-en.png"), fullPage: true });
  await row.locator("a.reports__page").click();

  // The linking page's editor marks the link under its block.
  await expect(page).toHaveURL(new RegExp(`/admin/en/pages/${source.id}/edit`));
  const warning = page.locator(".broken-links");
  await expect(warning).toContainText("One broken link in this block");
  await expect(warning).toContainText(address);
  await expect(warning).toContainText("The page it links to, or a page above it, is deleted.");
  await screenshot(page, { path: testInfo.outputPath("links-editor-en.png"), fullPage: true });
});
