// Issue 9, the editor's rough edges, in the browser: the tree on a phone (a menu per row,
// Undo), what the rows show (pinned, dates, Scheduled, names from another locale), messages
// that tell the truth about a save, a template switch that warns, and a name that is required.
import type { Locator, Page } from "@playwright/test";

import { createPage, serverPages } from "./api";
import { admin, expect, test } from "./fixtures";
import { screenshot } from "./screenshots";
import type { PageTree } from "./pages/PageTree";

const SCREENS = "../test-output/screens";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Each test gets pages of its own, under a top-level page named after it. */
async function section(page: Page, name: string, children: string[], fields: Record<string, unknown> = {}) {
  const parent = await createPage(page, { name, status: 2, path_segment: slug(name) });
  const made = [];
  for (const child of children) {
    made.push(await createPage(page, { name: child, status: 2, parent_page_id: parent.id, ...fields }));
  }
  return { parent, children: made };
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

/** Find a row with 'Find a page' and Enter, which scrolls the (windowed) tree to it. */
async function reveal(pageTree: PageTree, name: string): Promise<void> {
  const answered = pageTree.page.waitForResponse((response) => response.url().includes("/pages.json?q="));
  await pageTree.find(name);
  await answered;
  await pageTree.search.press("Enter");
  await expect(pageTree.row(name)).toBeFocused();
}

async function expectTouchTarget(target: Locator): Promise<void> {
  const box = await target.boundingBox();
  expect(box, "a touch target on screen").not.toBeNull();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(24);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
}

test.describe("the tree on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test("row actions sit behind one menu per row, and Undo brings a hidden page back", async ({ page, pageTree }) => {
    await section(page, "Phone section", ["Phone child one", "Phone child two"]);
    await pageTree.goto();

    // No action is on show and no row is cut off; each row has one menu button.
    await expect(pageTree.action("Staff", "Hide")).toBeHidden();
    for (const name of ["Home", "About us", "Staff"]) {
      await expectTouchTarget(pageTree.menuButton(name));
    }
    await expectTouchTarget(pageTree.row("About us").getByTitle("Collapse"));
    const overflow = await pageTree.tree.evaluate((tree) => tree.scrollWidth - tree.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, { path: `${SCREENS}/tree-phone.png` });

    await reveal(pageTree, "Phone child one");
    await expect(pageTree.action("Phone child one", "Hide")).toBeHidden();
    await expect(pageTree.menuButton("Phone child one")).toBeVisible();

    // A tap on a row, beside its name, opens nothing and changes nothing.
    const rowBox = await pageTree.row("Phone child one").boundingBox();
    await pageTree.row("Phone child one").tap({ position: { x: (rowBox?.width ?? 300) - 70, y: 20 } });
    await expect(pageTree.row("Phone child one")).toBeVisible();
    await expect(page.getByRole("menu")).toBeHidden();

    await pageTree.menuButton("Phone child one").tap();
    const menu = page.getByRole("menu", { name: "Actions for Phone child one" });
    await expect(menu).toBeVisible();
    for (const item of await menu.getByRole("menuitem").all()) await expectTouchTarget(item);
    await screenshot(page, { path: `${SCREENS}/tree-phone-menu.png` });
    await menu.getByRole("menuitem", { name: "Hide" }).tap();
    await expect(pageTree.row("Phone child one Hidden")).toBeVisible();
    await expect(pageTree.toast).toContainText("“Phone child one” was hidden.");
    await screenshot(page, { path: `${SCREENS}/tree-phone-undo.png` });
    await pageTree.toast.getByRole("button", { name: "Undo" }).tap();
    await expect(pageTree.row("Phone child one")).toBeVisible();
    await expect
      .poll(async () => (await serverPages(page)).find((p) => p.blocks.name.en === "Phone child one")?.status)
      .toBe(2);
  });
});

test.describe("the tree on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test("Undo after delete restores the page where it was", async ({ page, pageTree }) => {
    await section(page, "Undo section", ["Undo first", "Undo second", "Undo third"]);
    await pageTree.goto();
    await reveal(pageTree, "Undo first");
    await pageTree.row("Undo first").hover();
    await pageTree.delete("Undo first");
    await pageTree.answerDelete(true);
    await expect(pageTree.row("Undo first")).toBeHidden();
    await expect(pageTree.toast).toContainText("“Undo first” was deleted.");
    await pageTree.toast.getByRole("button", { name: "Undo" }).click();
    await expect(pageTree.row("Undo first")).toBeVisible();
    const order = async () => {
      const pages = await serverPages(page);
      const parent = pages.find((p) => p.blocks.name.en === "Undo section");
      return pages
        .filter((p) => p.parent_page_id === parent?.id && p.status !== 4)
        .sort((a, b) => a.position - b.position)
        .map((p) => p.blocks.name.en);
    };
    await expect.poll(order).toEqual(["Undo first", "Undo second", "Undo third"]);
    await pageTree.reload();
    // Found again by name: the section sits at the end of the top level, which other tests'
    // pages may push past the tree's window.
    await reveal(pageTree, "Undo first");
    const names = await pageTree.rowNames();
    expect(names.indexOf("Undo section")).toBeGreaterThanOrEqual(0);
    expect(names.indexOf("Undo first")).toBe(names.indexOf("Undo section") + 1);
  });

  test("rows show pins, dates, Scheduled and names from another locale; actions show on hover", async ({
    page,
    pageTree,
  }) => {
    const { parent } = await section(page, "Rows section", []);
    await createPage(page, { name: "Scheduled talk", status: 2, parent_page_id: parent.id, published_at: "2999-03-01T10:00:00Z" });
    await createPage(page, { name: "Side note", parent_page_id: parent.id, status: 2 }, "nb");
    await pageTree.goto();
    await pageTree.open("News");

    // News items: their dates, and the pinned ones marked (they come first).
    await expect(page.locator(".tree-row__date").first()).toBeVisible();
    await expect(page.locator(".tree-row__marker--pinned").first()).toBeVisible();
    await expect(pageTree.menuButton("Staff")).toBeHidden();
    await pageTree.row("Staff").hover();
    await expect(pageTree.action("Staff", "Hide")).toBeVisible();
    await expectTouchTarget(pageTree.action("Staff", "Hide"));
    await screenshot(page, { path: `${SCREENS}/tree-desktop.png` });

    await reveal(pageTree, "Side note");
    await expect(pageTree.row("Scheduled talk").locator(".tree-row__marker--scheduled")).toBeVisible();
    await expect(pageTree.row("Scheduled talk")).toHaveAccessibleDescription(/^Publishes on /);
    const fallback = pageTree.row("Side note");
    await expect(fallback.locator(".tree-row__locale")).toBeVisible();
    await expect(fallback).toHaveAccessibleDescription("Name in nb");
    await expect(fallback.getByRole("link", { name: "Side note" })).toHaveAttribute("lang", "nb");
    await screenshot(page, { path: `${SCREENS}/tree-desktop-markers.png` });
  });

  test("keyboard moves are announced", async ({ page, pageTree }) => {
    await section(page, "Keys section", ["Keys one", "Keys two"]);
    await pageTree.goto();
    await reveal(pageTree, "Keys one");
    const moved = page.waitForResponse((response) => response.url().endsWith("/move.json"));
    await page.keyboard.press("Alt+ArrowDown");
    await expect(page.getByTestId("tree-announcer")).toHaveText("Moved Keys one under Keys section, position 2");
    expect((await moved).ok()).toBe(true);
  });

  test("the inline form says a name is required instead of doing nothing", async ({ page, pageTree }) => {
    await section(page, "Names section", []);
    await pageTree.goto();
    await reveal(pageTree, "Names section");
    await pageTree.row("Names section").hover();
    await pageTree.startAddingChild("Names section");
    await pageTree.nameField.press("Enter");
    await expect(page.getByRole("alert")).toHaveText("Name: can't be blank");
    await expect(pageTree.nameField).toHaveAttribute("aria-invalid", "true");
    await screenshot(page, { path: `${SCREENS}/tree-name-required.png` });
    await pageTree.nameField.fill("Named at last");
    await pageTree.saveName();
    await expect(pageTree.row("Named at last Draft")).toBeVisible();
  });
});

test.describe("the editor", () => {
  test.use({ viewport: DESKTOP });

  test("a new page without a name is refused beside its field, and says it was never saved", async ({ page, editor }) => {
    await editor.open("en", "new");
    await expect(page.getByText("New page, not saved yet")).toBeVisible();
    await expect(page.getByText("All changes saved")).toBeHidden();
    await editor.save();
    await expect(editor.toast).toHaveText("A validation error prevented the page from being saved.");
    await expect(editor.fieldHead("Name")).toContainText("can't be blank");
    await expect(page.getByText("New page, not saved yet")).toBeVisible();
    await editor.field("Name").fill("Named new page");
    await editor.save();
    await expect(editor.toast).toHaveText("Your changes were saved");
    await expect(page.getByText("All changes saved")).toBeVisible();
  });

  test("switching Event → News list warns what saving clears and moves", async ({ page, editor }) => {
    const { id } = await createPage(page, {
      name: "Switch event",
      template: "event",
      location: "Main hall",
      starts_at: "2026-09-01T17:00:00Z",
      ends_at: "2026-09-01T19:00:00Z",
    });
    await editor.open("en", id);
    const note = page.locator("#template-switch-note");
    await expect(note).toBeEmpty();
    await editor.sidebarField("Template").selectOption({ label: "News list" });
    await expect(note).toContainText("Saving clears the start and end dates: News list has no dates.");
    await expect(note).toContainText("saving keeps it under Unconfigured content.");
    await screenshot(page, { path: `${SCREENS}/editor-template-switch.png` });
    await editor.saveAndExpectSuccess();
    await expect(editor.tab("Unconfigured content")).toBeVisible();
    await editor.sidebarField("Template").selectOption({ label: "Event" });
    // Back to a template with dates: none is made up (issue 28, item 2), so nothing to say.
    await expect(note).toBeEmpty();
    await expect(page.getByText("No dates set.")).toBeVisible();
  });

  test("an ended session offers a login in a new tab and keeps what was typed", async ({ page, context, editor }) => {
    const { id } = await createPage(page, { name: "Session page" });
    await editor.open("en", id);
    await editor.field("Headline").fill("Typed while the session ended");
    await context.clearCookies({ name: "sessionid" });
    await editor.save();
    const banner = page.getByRole("alert");
    await expect(banner).toContainText("Your session has ended, so the page was not saved.");
    await expect(editor.toast).toHaveText("An error occured while saving your changes.");
    await screenshot(page, { path: `${SCREENS}/editor-session-ended.png` });
    const link = banner.getByRole("link", { name: /Log in again/ });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener");
    const popup = context.waitForEvent("page");
    await link.click();
    const login = await popup;
    await login.getByLabel("Username").fill(admin.username);
    await login.getByLabel("Password").fill(admin.password);
    await login.getByRole("button", { name: "Log in" }).click();
    await expect(login).not.toHaveURL(/\/admin\/login\//);
    await login.close();
    await expect(editor.field("Headline")).toHaveValue("Typed while the session ended");
    await editor.saveAndExpectSuccess();
    await expect(banner).toBeHidden();
  });

  test("a server error shows its request id, and a lost connection says so", async ({ page, editor }) => {
    const { id } = await createPage(page, { name: "Failing page" });
    const answer = await page.request.get("/admin/login/");
    expect(answer.headers()["x-request-id"]).toMatch(/^[A-Za-z0-9-]+$/);
    await editor.open("en", id);
    await page.route(`**/admin/en/pages/${id}.json`, (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({ status: 500, headers: { "X-Request-ID": "e2e-req-500" }, body: "Server Error" })
        : route.continue(),
    );
    await editor.save();
    await expect(page.getByRole("alert")).toContainText("The server ran into an error and did not save the page.");
    await expect(page.getByRole("alert")).toContainText("e2e-req-500");
    await screenshot(page, { path: `${SCREENS}/editor-server-error.png` });
    await page.unroute(`**/admin/en/pages/${id}.json`);
    await page.route(`**/admin/en/pages/${id}.json`, (route) => route.abort("internetdisconnected"));
    await editor.save();
    await expect(page.getByRole("alert")).toContainText("The connection to the server was lost.");
    await page.unroute(`**/admin/en/pages/${id}.json`);
    await editor.saveAndExpectSuccess();
    await expect(page.getByRole("alert")).toBeHidden();
  });

  test("a time the time box ignores gets a visible hint", async ({ page, editor }) => {
    const { id } = await createPage(page, { name: "Time page", template: "event" });
    await editor.open("en", id);
    await page.getByRole("button", { name: "Set dates" }).click();
    await editor.datePart("Starts: time").fill("half past six");
    await expect(page.getByText(/“half past six” is not a time/)).toBeVisible();
    await editor.datePart("Starts: time").fill("18:30");
    await expect(page.getByText(/is not a time/)).toBeHidden();
  });
});
