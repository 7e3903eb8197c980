// The whole editor works by keyboard alone (issue 9, item 8): from the tree to a saved change,
// every step a key press, no pointer.
import type { Page } from "@playwright/test";

import { createPage, deletePage } from "./api";
import { expect, test } from "./fixtures";

/** Press Tab (or Shift+Tab) until the focused element matches `selector`. */
async function tabTo(page: Page, selector: string, { back = false, max = 80 } = {}): Promise<void> {
  for (let step = 0; step < max; step++) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${selector} never took the focus`);
}

test("an editor finds a page in the tree, edits and saves it with the keyboard only", async ({ page }) => {
  const created = await createPage(page, { name: "Keyboard page" });
  await page.goto("/admin/en/pages");
  await expect(page.getByRole("tree", { name: "All Pages" })).toBeVisible();

  // Into the tree (one tab stop), to its last row: the page just added at the top level.
  await tabTo(page, "[role=treeitem]");
  await page.keyboard.press("End");
  const row = page.getByRole("treeitem", { name: "Keyboard page Draft", exact: true });
  await expect(row).toBeFocused();

  // Rename in the tree: F2, type, Enter.
  await page.keyboard.press("F2");
  const field = page.getByRole("textbox", { name: "Page name" });
  await expect(field).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Keyboard page renamed");
  await page.keyboard.press("Enter");
  const renamed = page.getByRole("treeitem", { name: "Keyboard page renamed Draft", exact: true });
  await expect(renamed).toBeFocused();

  // Enter opens the editor.
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/en/pages/${created.id}/edit`));
  await expect(page.getByRole("heading", { name: "Keyboard page renamed" })).toBeVisible();

  // A field of the Content tab, then the Metadata tab by the arrow keys of the tab list.
  await tabTo(page, "#block-name");
  await page.keyboard.press("End");
  await page.keyboard.type(" by keyboard");
  await tabTo(page, "[role=tab][aria-selected=true]", { back: true });
  await page.keyboard.press("Enter");
  await tabTo(page, "#tab-metadata");
  await page.keyboard.press("Enter");
  await expect(page.locator("#tab-metadata")).toHaveAttribute("aria-selected", "true");
  await tabTo(page, "#path_segment");
  await page.keyboard.type("keyboard-page");

  // The status in the sidebar, then Save.
  await tabTo(page, "#status");
  await page.keyboard.press("ArrowDown");
  await expect(page.locator("#status")).toHaveValue("1");
  await tabTo(page, "button.button--primary", { back: true });
  await page.keyboard.press("Enter");
  await expect(page.locator(".toast")).toContainText("Your changes were saved");

  const saved = await page.request.get(`/admin/en/pages/${created.id}.json`);
  const body = await saved.json();
  expect(body.blocks.name.en).toBe("Keyboard page renamed by keyboard");
  expect(body.path_segment).toBe("keyboard-page");
  expect(body.status).toBe(1);
  await deletePage(page, created.id);
});
