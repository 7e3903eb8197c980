// Issue 20, item 6: "Schedule…" keeps a change to go live at a chosen time; the page stays as it
// is until then, and the public page changes by itself (no job outside the product).
import { tmpdir } from "node:os";
import path from "node:path";

import type { Page } from "@playwright/test";

import { createPage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";

/** Screenshots go outside the repository. */
const SHOTS = path.join(tmpdir(), "cms-e2e-screens");

/** The first whole minute at least `lead` ms away, in the browser's own time zone: far enough
 * for the steps that look at the change while it waits (beside another browser on two cores). */
async function nextMinute(page: Page, lead = 20_000) {
  return page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead);
    if (at.getSeconds() !== 0 || at.getMilliseconds() !== 0) at.setMinutes(at.getMinutes() + 1, 0, 0);
    const time = `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
    return { day: String(at.getDate()), month: String(at.getMonth()), year: String(at.getFullYear()), time };
  }, lead);
}

async function publicText(page: Page, url: string): Promise<string> {
  const response = await page.request.get(url);
  return response.ok() ? await response.text() : `(${response.status()})`;
}

test("a name change scheduled a few seconds ahead goes live on the public page by itself", async ({
  page,
  editor,
  pageTree,
}) => {
  test.setTimeout(180_000);
  // A segment of its own, so a run against a kept database finds it free.
  const segment = `summer-fair-${Date.now()}`;
  const made = await createPage(page, { name: "Summer fair", status: 2, path_segment: segment });
  const address = `/en/${segment}`;
  expect(await publicText(page, address)).toContain("Summer fair");

  await editor.open("en", made.id);
  await editor.field("Name").fill("Summer fair moves indoors");
  await page.getByRole("button", { name: "Schedule…" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule these changes" });
  await expect(dialog.getByText(/^Time zone: /)).toBeVisible();
  const at = await nextMinute(page);
  await dialog.getByLabel("Goes live: year").selectOption(at.year);
  await dialog.getByLabel("Goes live: month").selectOption(at.month);
  await dialog.getByLabel("Goes live: day").selectOption(at.day);
  await dialog.getByLabel("Goes live: time").fill(at.time);
  await screenshot(page, { path: path.join(SHOTS, "schedule-dialog.png") });
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();

  // Not live: the form shows the stored page, a banner the waiting change.
  await expect(dialog).toBeHidden();
  await expect(editor.field("Name")).toHaveValue("Summer fair");
  const waiting = page.getByRole("region", { name: /is scheduled to go live on/ });
  await expect(waiting).toBeVisible();
  await waiting.getByRole("button", { name: "Compare with current" }).click();
  await expect(waiting.getByRole("row", { name: /Name.*Summer fair.*Summer fair moves indoors/ })).toBeVisible();
  await screenshot(page, { path: path.join(SHOTS, "scheduled-banner.png") });
  expect(await publicText(page, address)).not.toContain("Summer fair moves indoors");

  // The tree marks the row while it waits (found with 'Find a page': the tree is windowed).
  await pageTree.goto();
  await pageTree.find("Summer fair");
  await pageTree.search.press("Enter");
  await expect(pageTree.row("Summer fair")).toHaveAccessibleDescription(/An edit of this page is scheduled to go live on/);

  // By itself: the public page is only read, never saved, from here on.
  await expect
    .poll(() => publicText(page, address), { timeout: 90_000, intervals: [2_000] })
    .toContain("Summer fair moves indoors");
  await editor.open("en", made.id);
  await expect(editor.field("Name")).toHaveValue("Summer fair moves indoors");
  await expect(page.getByRole("region", { name: /is scheduled/ })).toHaveCount(0);
  await screenshot(page, { path: path.join(SHOTS, "scheduled-applied.png") });
});

test("a waiting change can be cancelled, and then never goes live", async ({ page, editor }) => {
  const made = await createPage(page, { name: "Book sale", status: 2, path_segment: `book-sale-${Date.now()}` });
  await editor.open("en", made.id);
  await editor.field("Name").fill("Book sale cancelled");
  await page.getByRole("button", { name: "Schedule…" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Schedule", exact: true }).click();
  const waiting = page.getByRole("region", { name: /is scheduled to go live on/ });
  page.once("dialog", (question) => void question.accept());
  await waiting.getByRole("button", { name: "Cancel change" }).click();
  await expect(waiting).toBeHidden();
  await editor.open("en", made.id);
  await expect(page.getByRole("region", { name: /is scheduled/ })).toHaveCount(0);
});
