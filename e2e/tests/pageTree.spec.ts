import type { Page } from "@playwright/test";

import { byName, childNames, createPage, deletePage, serverPages, type PageRecord } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";

// The seeded demo (en). Every test works on pages no other test touches, so each passes
// alone or in any order against one freshly seeded database.
const SCREENSHOTS = "../test-output/screenshots";

test.use({ viewport: { width: 1280, height: 1400 } });

test.beforeEach(async ({ pageTree }) => {
  await pageTree.goto();
});

/** Wait for the tree's call that stores a move. */
function moveCall(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith("/move.json") && response.request().method() === "PUT",
  );
}

test("an editor drags a page under a new parent and reorders another, and both stay after a reload", async ({
  page,
  pageTree,
}) => {
  // Right by one indent step (20 px) nests Privacy under the open page above it, Services.
  let answered = moveCall(page);
  await pageTree.dragRow("Privacy", 26, 0);
  await expect(pageTree.row("Privacy")).toHaveAttribute("aria-level", "3");
  expect(await pageTree.placeOf("Privacy")).toEqual({ parent: "Services", last: true });
  const nested = await answered;
  expect(nested.ok()).toBe(true);
  const pagesBefore = await serverPages(page);
  const services = byName(pagesBefore, "Services");
  expect(nested.request().postDataJSON()).toEqual({ parent_id: services.id, position: 5 });

  // Up by one row puts Staff before History, as About us's first child.
  answered = moveCall(page);
  await pageTree.dragRow("Staff", 0, -36);
  const reordered = await pageTree.rowNames();
  expect(reordered.indexOf("Staff")).toBe(reordered.indexOf("About us") + 1);
  expect((await answered).ok()).toBe(true);

  await pageTree.reload();
  await expect(pageTree.row("Privacy")).toHaveAttribute("aria-level", "3");
  expect(await pageTree.placeOf("Privacy")).toEqual({ parent: "Services", last: true });
  const afterReload = await pageTree.rowNames();
  expect(afterReload.indexOf("Staff")).toBe(afterReload.indexOf("About us") + 1);

  const pages = await serverPages(page);
  expect(byName(pages, "Privacy")).toMatchObject({ parent_page_id: services.id, position: 5 });
  const about = byName(pages, "About us");
  // Positions count only the shown siblings; the server keeps the deleted 'Old press kit'
  // after them.
  expect(childNames(pages, about.id)).toEqual([
    "Staff",
    "History",
    "Jobs",
    "Annual report 2025",
    "Old press kit",
  ]);
});

test("an editor drags pages by their names, and a plain click on a name still opens the editor", async ({
  page,
  pageTree,
}) => {
  // Three new pages of our own under Home, so no other test's pages move.
  const names = ["Drag lab A", "Drag lab B", "Drag lab C"];
  for (const name of names) {
    const created = await pageTree.addChild("Home", name);
    expect(created.status()).toBe(201);
    await expect(pageTree.row(`${name} Draft`)).toBeVisible();
  }
  const [a, b, c] = names.map((name) => `${name} Draft`);
  // A drag that starts on a name link must never follow it.
  let navigations = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });

  // Reorder: Playwright's dragTo from A's name onto B's name, one row down, puts A after B.
  let answered = moveCall(page);
  await pageTree.dragOnto(a, b);
  expect((await answered).ok()).toBe(true);
  let order = await pageTree.rowNames();
  const start = order.indexOf(b);
  expect(order.slice(start, start + 3)).toEqual([b, a, c]);

  // New parent: press on C's name and move one indent step right, in small steps like a
  // hand would; C goes under A, its open (childless) previous sibling.
  answered = moveCall(page);
  await pageTree.dragRow(c, 26, 0, "name");
  expect((await answered).ok()).toBe(true);
  // Both drags started on a name link, yet the editor did not open.
  await expect(page).toHaveURL(new RegExp(`${pageTree.path}$`));
  expect(navigations).toBe(0);
  await expect(pageTree.row(c)).toHaveAttribute("aria-level", "4");
  expect(await pageTree.placeOf(c)).toEqual({ parent: a, last: true });

  await pageTree.reload();
  await expect(pageTree.row(c)).toHaveAttribute("aria-level", "4");
  expect(await pageTree.placeOf(c)).toEqual({ parent: a, last: true });
  order = await pageTree.rowNames();
  expect(order.indexOf(a)).toBe(order.indexOf(b) + 1);
  const pages = await serverPages(page);
  const home = byName(pages, "Home");
  expect(childNames(pages, home.id).slice(-2)).toEqual(["Drag lab B", "Drag lab A"]);
  expect(childNames(pages, byName(pages, "Drag lab A").id)).toEqual(["Drag lab C"]);

  // A plain click on a draggable name is still a link to the editor.
  await pageTree.nameLink(b).click();
  await expect(page).toHaveURL(new RegExp(`/admin/en/pages/${byName(pages, "Drag lab B").id}/edit(#.*)?$`));
});

test("a drag shorter than 15 px does not move anything", async ({ page, pageTree }) => {
  let moves = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/move.json")) moves += 1;
  });
  const before = await pageTree.rowNames();
  // 6 + 8 = 14 px in total (|dx| + |dy|): still a click, not a drag.
  await pageTree.dragRow("Coding club for kids", 6, -8);
  expect(await pageTree.rowNames()).toEqual(before);
  expect(moves).toBe(0);
});

test("an editor renames a page inline", async ({ page, pageTree }) => {
  const saved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(".json"));
  await pageTree.rename("Contact", "Contact us");
  await expect(pageTree.row("Contact us")).toBeVisible();
  expect((await saved).ok()).toBe(true);

  await pageTree.reload();
  await expect(pageTree.row("Contact us")).toBeVisible();
  expect(byName(await serverPages(page), "Contact us").parent_page_id).not.toBeNull();
});

test("cancelling a rename only leaves edit mode", async ({ pageTree }) => {
  await pageTree.startRename("Study rooms");
  await pageTree.nameField.fill("Something else");
  await pageTree.cancelName();
  await expect(pageTree.nameField).toHaveCount(0);
  await expect(pageTree.row("Study rooms")).toBeVisible();
});

test("the toggle publishes a hidden page and hides a published one", async ({ page, pageTree }) => {
  const saved = () => page.waitForResponse((r) => r.request().method() === "PUT");
  let answer = saved();
  await pageTree.publish("Jobs Hidden");
  await expect(pageTree.row("Jobs")).toBeVisible();
  expect((await answer).ok()).toBe(true);

  answer = saved();
  await pageTree.hide("Borrowing");
  await expect(pageTree.row("Borrowing Hidden")).toBeVisible();
  expect((await answer).ok()).toBe(true);

  await pageTree.reload();
  await expect(pageTree.row("Jobs")).toBeVisible();
  await expect(pageTree.row("Borrowing Hidden")).toBeVisible();
  const pages = await serverPages(page);
  expect(byName(pages, "Jobs").status).toBe(2);
  expect(byName(pages, "Borrowing").status).toBe(3);
});

test("an editor deletes a page after confirming, and it stays gone", async ({ page, pageTree }) => {
  await pageTree.delete("Old website Hidden");
  // The specification's question word for word, then the page's name and what goes with it.
  await expect(pageTree.deleteDialog).toContainText("Are you sure you want to delete this page?");
  await expect(pageTree.deleteDialog).toContainText(
    "“\u2068Old website\u2069” will be deleted. No pages are below it.",
  );
  const saved = page.waitForResponse((r) => r.request().method() === "PUT");
  await pageTree.answerDelete(true);
  await expect(pageTree.row("Old website Hidden")).toHaveCount(0);
  expect((await saved).ok()).toBe(true);

  await pageTree.reload();
  await expect(pageTree.row("Events")).toBeVisible();
  await expect(pageTree.row("Old website Hidden")).toHaveCount(0);
  expect(byName(await serverPages(page), "Old website").status).toBe(4);
});

test("dismissing the delete confirmation keeps the page", async ({ pageTree }) => {
  await pageTree.delete("Printing and scanning");
  await pageTree.answerDelete(false);
  await expect(pageTree.row("Printing and scanning")).toBeVisible();
});

test("the delete confirmation counts the pages that would go with the page", async ({ page, pageTree }) => {
  const parent = await createPage(page, { name: "Branch libraries", status: 2 });
  for (const name of ["North branch", "South branch"]) {
    await createPage(page, { name, status: 2, parent_page_id: parent.id });
  }
  await pageTree.reload();
  // Appended last, open (top level) with its children loaded: End brings it into view (the
  // tree renders only the rows near it).
  await pageTree.row("Home").focus();
  await page.keyboard.press("End");
  await expect(pageTree.row("South branch")).toBeFocused();
  await pageTree.delete("Branch libraries");
  await expect(pageTree.deleteDialog).toContainText(
    "“\u2068Branch libraries\u2069” will be deleted, and the 2 pages below it with it.",
  );
  await pageTree.answerDelete(false);
  await expect(pageTree.row("North branch")).toBeVisible();
  await deletePage(page, parent.id);
});

test("an editor adds a child page, which is saved as a draft", async ({ page, pageTree }) => {
  const response = await pageTree.addChild("Events", "Poetry night");
  await expect(pageTree.row("Poetry night Draft")).toBeVisible();
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON().page).toMatchObject({
    name: "Poetry night",
    status: 0,
    news_page: false,
    pinned: false,
  });

  await pageTree.reload();
  await expect(pageTree.row("Poetry night Draft")).toHaveAttribute("aria-level", "3");
  const pages = await serverPages(page);
  const events = byName(pages, "Events");
  const poetry = byName(pages, "Poetry night");
  expect(poetry).toMatchObject({ parent_page_id: events.id, status: 0 });
  expect(Math.abs(Date.parse(poetry.published_at) - Date.now())).toBeLessThan(10 * 60_000);
  expect(childNames(pages, events.id).at(-1)).toBe("Poetry night");
});

test("cancelling a new child removes it without asking the server", async ({ page, pageTree }) => {
  let created = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") created += 1;
  });
  await pageTree.startAddingChild("Home");
  await expect(pageTree.row("Untitled Draft")).toBeVisible();
  await pageTree.cancelName();
  await expect(pageTree.row("Untitled Draft")).toHaveCount(0);
  await expect(pageTree.nameField).toHaveCount(0);
  expect(created).toBe(0);
});

test("a move the server refuses puts the page back and says so", async ({ page, pageTree }) => {
  await page.route("**/move.json", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"detail": "Server error"}' }),
  );
  const before = await pageTree.rowNames();
  await pageTree.dragRow("Jazz in the stacks", 0, -36);
  await expect(pageTree.toast).toContainText("The page could not be moved: Server error");
  await expect.poll(() => pageTree.rowNames()).toEqual(before);

  await pageTree.reload();
  expect(await pageTree.rowNames()).toEqual(before);
});

test("a rename the server refuses puts the old name back and says so", async ({ page, pageTree }) => {
  await page.route(/\/admin\/en\/pages\/\d+\.json$/, (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({ status: 500, contentType: "application/json", body: '{"detail": "Server error"}' })
      : route.continue(),
  );
  await pageTree.rename("Author talk", "Author evening");
  await expect(pageTree.toast).toContainText("The page could not be renamed: Server error");
  await expect(pageTree.row("Author talk")).toBeVisible();
  await expect(pageTree.row("Author evening")).toHaveCount(0);
});

test("an editor moves a page with the keyboard, and the move is stored", async ({ page, pageTree }) => {
  const eBooks = pageTree.row("E-books");
  await eBooks.focus();
  const answered = moveCall(page);
  await page.keyboard.press("Alt+ArrowUp");
  expect((await answered).ok()).toBe(true);
  await expect(eBooks).toBeFocused();
  const names = await pageTree.rowNames();
  expect(names.indexOf("E-books")).toBe(names.indexOf("Printing and scanning") - 1);

  await pageTree.reload();
  const after = await pageTree.rowNames();
  expect(after.indexOf("E-books")).toBe(after.indexOf("Printing and scanning") - 1);
  const pages = await serverPages(page);
  expect(byName(pages, "E-books").position).toBe(byName(pages, "Printing and scanning").position - 1);
});

test("arrow keys browse the tree and Enter opens the editor", async ({ page, pageTree }) => {
  await pageTree.row("Events").focus();
  await page.keyboard.press("ArrowDown");
  await expect(pageTree.row("Author talk")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(pageTree.row("Events")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(pageTree.row("Events")).toHaveAttribute("aria-expanded", "false");
  await expect(pageTree.row("Events")).toContainText(/\(\d+ items\)/);
  await page.keyboard.press("End");
  await expect(pageTree.rows.last()).toBeFocused();
  // Back to the top: past the window's end, History's row is not drawn (other tests' pages may
  // make the tree that long).
  await page.keyboard.press("Home");
  await pageTree.row("History").focus();
  await page.keyboard.press("ArrowRight");
  await expect(pageTree.row("History")).toHaveAttribute("aria-expanded", "true");
  // History's children load as it opens; the next ArrowRight goes to the first of them.
  await expect(pageTree.row("The first librarians Reviewed")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(pageTree.row("The first librarians Reviewed")).toBeFocused();
  const history = byName(await serverPages(page), "The first librarians");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/en/pages/${history.id}/edit(#.*)?$`));
});

test("news items show pinned first, then newest, and an opened branch stays open", async ({
  page,
  pageTree,
}) => {
  const news = pageTree.row("News");
  await expect(news).toHaveAttribute("aria-expanded", "false");
  await expect(news).toContainText("(8 items)");
  await pageTree.open("News");
  await expect(news).toHaveAttribute("aria-expanded", "true");
  const expected = [
    "Longer opening hours",
    "New reading room",
    "Upcoming: poetry festival",
    "Draft: budget news Draft",
    "Closed for the holiday Hidden",
    "Library app released",
    "Board meeting minutes Reviewed",
    "Summer reading challenge",
  ];
  // News's children load as it opens.
  await expect
    .poll(async () => {
      const names = await pageTree.rowNames();
      const start = names.indexOf("News") + 1;
      return names.slice(start, start + 8);
    })
    .toEqual(expected);

  await pageTree.reload();
  await expect(pageTree.row("News")).toHaveAttribute("aria-expanded", "true");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("collapsedPages") ?? "{}"));
  const newsId = byName(await serverPages(page), "News").id;
  expect(stored[String(newsId)]).toBe(false);
});

test("row actions show on hover and on keyboard focus, and the root has no edit actions", async ({
  page,
  pageTree,
}) => {
  // The actions fade in as a group (the opacity sits on their container).
  await page.mouse.move(0, 0);
  await expect(pageTree.actions("Book fair Draft")).toHaveCSS("opacity", "0");
  await pageTree.row("Book fair Draft").hover();
  await expect(pageTree.actions("Book fair Draft")).toHaveCSS("opacity", "1");
  await page.mouse.move(0, 0);
  await expect(pageTree.actions("Book fair Draft")).toHaveCSS("opacity", "0");
  await pageTree.row("Annual report 2025 Draft").focus();
  await expect(pageTree.actions("Annual report 2025 Draft")).toHaveCSS("opacity", "1");
  // Tab goes through the row: its box for the bulk actions, its name, then its actions.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox", { name: "Select Annual report 2025", exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(pageTree.nameLink("Annual report 2025 Draft")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(pageTree.action("Annual report 2025 Draft", "Rename")).toBeFocused();

  const root = pageTree.row("All Pages");
  await expect(pageTree.actions("All Pages")).toHaveCSS("opacity", "1");
  await expect(pageTree.action("All Pages", "Add child")).toBeVisible();
  await expect(root.getByRole("button", { name: /Rename|Delete|Hide|Publish/ })).toHaveCount(0);
  await expect(pageTree.dragHandle("All Pages")).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  // Issue 9: a tap on a row must never hit Hide; the actions wait behind one menu button per row.
  test("row actions sit behind one menu button per row", async ({ pageTree }) => {
    await expect(pageTree.action("Staff", "Rename")).toBeHidden();
    await expect(pageTree.menuButton("Staff")).toBeInViewport();
    await expect(pageTree.row("Staff").getByRole("link", { name: "Staff" })).toBeInViewport();
  });
});

// --- A tree loaded in parts: the screen embeds only what shows at first ---------------------

/** Wait for the tree's call for one node's children. */
function childrenCall(page: Page, parentId: number) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith(`/admin/en/pages.json?parent_id=${parentId}`) &&
      response.request().method() === "GET",
  );
}

/** Create a published page under another, as the test's setup. */
async function createPublished(page: Page, name: string, parentId: number): Promise<PageRecord> {
  return createPage(page, { name, status: 2, parent_page_id: parentId });
}

/** Hold the tree's call for one node's children until `release` is called. */
async function holdChildren(page: Page, parentId: number): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/admin/en/pages\\.json\\?parent_id=${parentId}$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("an editor opens a closed page, its children load then, and it stays open after a reload", async ({
  page,
  pageTree,
}) => {
  const history = byName(await serverPages(page), "History");
  // The screen did not embed History's child: it is closed by default (it has a parent).
  expect(await page.locator("#initial-data").textContent()).not.toContain("The first librarians");
  await expect(pageTree.row("History")).toHaveAttribute("aria-expanded", "false");
  await expect(pageTree.row("History")).toContainText("(1 item)");

  const loaded = childrenCall(page, history.id);
  await pageTree.open("History");
  expect((await loaded).ok()).toBe(true);
  const child = pageTree.row("The first librarians Reviewed");
  await expect(child).toHaveAttribute("aria-level", "4");
  await expect(pageTree.row("History")).toHaveAttribute("aria-expanded", "true");
  await expect(pageTree.row("History")).not.toHaveAttribute("aria-busy");
  await screenshot(page, { path: `${SCREENSHOTS}/page-tree-opened-node.png`, fullPage: true });

  // The open page is remembered; its children load again as the screen starts.
  const reloaded = childrenCall(page, history.id);
  await pageTree.reload();
  expect((await reloaded).ok()).toBe(true);
  await expect(pageTree.row("History")).toHaveAttribute("aria-expanded", "true");
  await expect(child).toHaveAttribute("aria-level", "4");
});

test("an editor finds a page two levels down: the path opens, the page is marked, and Enter goes to it", async ({
  page,
  pageTree,
}) => {
  await expect(pageTree.row("History")).toHaveAttribute("aria-expanded", "false");
  const answered = page.waitForResponse((response) => response.url().includes("/pages.json?q="));
  await pageTree.find("first librarian");
  const response = await answered;
  expect(new URL(response.url()).searchParams.get("q")).toBe("first librarian");

  const match = pageTree.row("The first librarians Reviewed");
  await expect(match).toBeVisible();
  await expect(match).toHaveClass(/tree-row--match/);
  await expect(match.locator("mark")).toHaveText("first librarian");
  await expect(pageTree.row("History")).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText("1 page found. Press Enter to go to the first.")).toBeVisible();
  await screenshot(page, { path: `${SCREENSHOTS}/page-tree-search.png`, fullPage: true });

  await pageTree.search.press("Enter");
  await expect(match).toBeFocused();
  // Clearing the search keeps what it opened.
  await pageTree.find("");
  await expect(match).not.toHaveClass(/tree-row--match/);
  await expect(match).toBeVisible();
});

test("an editor drags a page into a page never opened before, while its children load; it lands after them", async ({
  page,
  pageTree,
}) => {
  const home = byName(await serverPages(page), "Home");
  const shelf = await createPublished(page, "Lazy shelf", home.id);
  await createPublished(page, "Lazy book one", shelf.id);
  await createPublished(page, "Lazy book two", shelf.id);
  await createPublished(page, "Lazy note", home.id);
  await pageTree.reload();
  await expect(pageTree.row("Lazy shelf")).toContainText("(2 items)");
  const placed = await pageTree.placeOf("Lazy note");
  expect(placed.parent).toBe("Home");

  // Open the shelf, and hold its children on their way.
  const release = await holdChildren(page, shelf.id);
  await pageTree.clickToggle("Lazy shelf");
  await expect(pageTree.row("Lazy shelf")).toHaveAttribute("aria-busy", "true");
  await expect(pageTree.row("Lazy shelf")).toContainText("Loading…");
  await screenshot(page, { path: `${SCREENSHOTS}/page-tree-loading-node.png` });
  await screenshot(pageTree.row("Lazy shelf"), { path: `${SCREENSHOTS}/page-tree-loading-row.png` });

  // One indent step right puts the note under the shelf, its open previous sibling.
  let moves = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/move.json")) moves += 1;
  });
  const answered = moveCall(page);
  await pageTree.dragRow("Lazy note", 26, 0);
  await expect(pageTree.row("Lazy note")).toHaveAttribute("aria-level", "4");
  // The place among the shelf's children is only known once they are in.
  expect(moves).toBe(0);
  release();
  const moved = await answered;
  expect(moved.ok()).toBe(true);
  expect(moved.request().postDataJSON()).toEqual({ parent_id: shelf.id, position: 3 });
  const names = await pageTree.rowNames();
  const start = names.indexOf("Lazy shelf") + 1;
  expect(names.slice(start, start + 3)).toEqual(["Lazy book one", "Lazy book two", "Lazy note"]);

  await page.unrouteAll({ behavior: "wait" });
  await pageTree.reload();
  await expect(pageTree.row("Lazy note")).toHaveAttribute("aria-level", "4");
  expect(childNames(await serverPages(page), shelf.id)).toEqual([
    "Lazy book one",
    "Lazy book two",
    "Lazy note",
  ]);
});

test("Alt+Right puts a page under a closed page never opened, after the children it loads", async ({
  page,
  pageTree,
}) => {
  const home = byName(await serverPages(page), "Home");
  const box = await createPublished(page, "Lazy box", home.id);
  await createPublished(page, "Lazy item", box.id);
  await createPublished(page, "Lazy thing", home.id);
  await pageTree.reload();
  await expect(pageTree.row("Lazy box")).toHaveAttribute("aria-expanded", "false");

  await pageTree.row("Lazy thing").focus();
  const answered = moveCall(page);
  await page.keyboard.press("Alt+ArrowRight");
  const moved = await answered;
  expect(moved.request().postDataJSON()).toEqual({ parent_id: box.id, position: 2 });
  await expect(pageTree.row("Lazy box")).toHaveAttribute("aria-expanded", "true");
  await expect(pageTree.row("Lazy thing")).toBeFocused();
  const names = await pageTree.rowNames();
  expect(names.slice(names.indexOf("Lazy box") + 1).slice(0, 2)).toEqual(["Lazy item", "Lazy thing"]);
});

test("when a page's children cannot be loaded the editor is told, and Retry loads them", async ({
  page,
  pageTree,
}) => {
  const history = byName(await serverPages(page), "History");
  const address = new RegExp(`/admin/en/pages\\.json\\?parent_id=${history.id}$`);
  await page.route(address, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"detail": "Server error"}' }),
  );
  await pageTree.clickToggle("History");
  await expect(pageTree.toast).toContainText("The pages under “History” could not be loaded: Server error");
  await expect(pageTree.row("History")).toContainText("Not loaded");
  await screenshot(page, { path: `${SCREENSHOTS}/page-tree-load-failed.png` });

  await page.unroute(address);
  const loaded = childrenCall(page, history.id);
  await pageTree.toast.getByRole("button", { name: "Retry" }).click();
  expect((await loaded).ok()).toBe(true);
  await expect(pageTree.row("The first librarians Reviewed")).toBeVisible();
  await expect(pageTree.row("History")).not.toContainText("Not loaded");
});
