// Issue 20: every save is a revision; the History panel compares two of them word by word and
// restores an older one into the editor.
import { createPage, deletePage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";
import { HistoryPanel } from "./pages/HistoryPanel";

test("an editor compares two saved versions and restores the older one", async ({ page, editor }, testInfo) => {
  const shot = (name: string) => testInfo.outputPath(`${name}.png`);
  const { id } = await createPage(page, { name: "Reading room", body: "The reading room opens at nine." });
  await editor.open("en", id);
  await editor.field("Body").fill("The reading room opens at **ten** on weekdays.");
  await editor.saveAndExpectSuccess();
  await editor.field("Body").fill("The reading room opens at eleven on weekdays.");
  await editor.saveAndExpectSuccess();

  const history = new HistoryPanel(page);
  await history.open();
  // Newest first: the two edits, then the page's creation.
  await expect(history.rows).toHaveCount(3);
  await expect(history.rows.last()).toContainText("Created");
  await screenshot(page, { path: shot("history-panel") });

  await history.compare(0, 1);
  const body = history.block("Body");
  // The word that changed is marked on each side; the bold marks around it are a change too.
  await expect(body.locator("del")).toHaveText(["Removed: **", "Removed: ten", "Removed: **"]);
  await expect(body.locator("ins")).toHaveText(["Added: eleven"]);
  // The rest reads the same on both sides (the removed and added words are announced as such).
  for (const side of [".diff-cell--from", ".diff-cell--to"]) {
    await expect(body.locator(side)).toContainText(/The reading room opens at .* on weekdays\./);
  }
  await screenshot(page, { path: shot("history-compare") });
  await history.closeCompare();

  await history.restore(1);
  await expect(history.panel).toBeHidden();
  await expect(editor.toast).toContainText("is restored");
  await expect(editor.field("Body")).toHaveValue("The reading room opens at **ten** on weekdays.");
  await expect(page.getByText("All changes saved")).toBeVisible();
  await screenshot(page, { path: shot("history-restored") });

  // The server kept it: a reload shows the restored text, and the restore is a revision on top.
  await page.reload();
  await expect(editor.field("Body")).toHaveValue("The reading room opens at **ten** on weekdays.");
  await history.open();
  await expect(history.rows).toHaveCount(4);
  await expect(history.rows.first()).toContainText("Restored");

  await deletePage(page, id);
});
