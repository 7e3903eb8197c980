// Issue 20, item 5: the editor keeps the unsaved edits as the user types; a tab closed without
// saving loses nothing, and opening the page again offers them back.
import { tmpdir } from "node:os";
import path from "node:path";

import type { Page } from "@playwright/test";

import { createPage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";
import { PageEditor } from "./pages/PageEditor";

/** Screenshots go outside the repository. */
const SHOTS = path.join(tmpdir(), "cms-e2e-screens");

/** The working copy's PUT of a page, once the server has answered it. */
function keptOnServer(page: Page, id: number) {
  return page.waitForResponse(
    (response) => response.url().endsWith(`/pages/${id}/draft.json`) && response.request().method() === "PUT",
  );
}

const offer = (page: Page) => page.getByRole("region", { name: /^Restore your unsaved changes from / });

test("an editor types, closes the tab without saving, opens the page again and restores the working copy", async ({
  page,
  context,
  editor,
}) => {
  const { id } = await createPage(page, { name: "Opening hours", status: 2, path_segment: `wc-opening-hours-${Date.now()}` });
  await editor.open("en", id);
  const kept = keptOnServer(page, id);
  await editor.field("Name").fill("Opening hours in summer");
  await editor.field("Introduction").fill("Open until **nine** from June.");
  expect((await kept).status()).toBe(200);

  // Closed without saving (no beforeunload question, as a crash or a closed window).
  await page.close();
  const again = await context.newPage();
  const reopened = new PageEditor(again);
  await reopened.open("en", id);
  await expect(offer(again)).toBeVisible();
  await expect(reopened.field("Name")).toHaveValue("Opening hours");
  await screenshot(again, { path: path.join(SHOTS, "working-copy-offer.png") });

  await offer(again).getByRole("button", { name: "Restore" }).click();
  await expect(reopened.field("Name")).toHaveValue("Opening hours in summer");
  await expect(reopened.field("Introduction")).toHaveValue("Open until **nine** from June.");
  await expect(again.getByText("Unsaved changes", { exact: true })).toBeVisible();
  await expect(offer(again)).toBeHidden();

  // The user still saves; a save clears the copy, so the page opens without an offer.
  await reopened.saveAndExpectSuccess();
  await reopened.open("en", id);
  await expect(reopened.field("Name")).toHaveValue("Opening hours in summer");
  await again.waitForTimeout(500); // the working copy's GET has had time to answer
  await expect(offer(again)).toBeHidden();
});

test("with the network down the edits are kept in the browser, and offered back", async ({ page, context, editor }) => {
  const { id } = await createPage(page, { name: "Reading room", status: 2, path_segment: `wc-reading-room-${Date.now()}` });
  await editor.open("en", id);
  // The server cannot be reached for the working copy: its calls fail, silently.
  await page.route(`**/pages/${id}/draft.json`, (route) => route.abort("internetdisconnected"));
  const tried = page.waitForRequest(
    (request) => request.url().endsWith(`/pages/${id}/draft.json`) && request.method() === "PUT",
  );
  await editor.field("Name").fill("Reading room, quiet hours");
  await tried;
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.close();

  const again = await context.newPage();
  const reopened = new PageEditor(again);
  await reopened.open("en", id);
  await offer(again).getByRole("button", { name: "Restore" }).click();
  await expect(reopened.field("Name")).toHaveValue("Reading room, quiet hours");
  // Restored and not saved, it is kept again; opened once more, Discard drops it for good.
  await reopened.open("en", id);
  await offer(again).getByRole("button", { name: "Discard" }).click();
  await expect(offer(again)).toBeHidden();
  await reopened.open("en", id);
  await again.waitForTimeout(500);
  await expect(offer(again)).toBeHidden();
  await expect(reopened.field("Name")).toHaveValue("Reading room");
});
