import { expect, test, type Locator, type Page } from "@playwright/test";

import { logIn } from "./fixtures";

// The seeded demo (en). Every test works on pages no other test touches, so each passes
// alone or in any order against one freshly seeded database.
const TREE = "/admin/en/pages";

interface TreeRecord {
  id: number;
  parent_page_id: number | null;
  position: number;
  status: number;
  published_at: string;
  blocks: { name: Record<string, string> };
}

test.use({ viewport: { width: 1280, height: 1400 } });

test.beforeEach(async ({ page }) => {
  await logIn(page, TREE);
  await expect(tree(page)).toBeVisible();
});

function tree(page: Page): Locator {
  return page.getByRole("tree", { name: "All Pages" });
}

/** A row by its accessible name: the page name, plus '(Status)' for any but Published. */
function row(page: Page, name: string): Locator {
  return page.getByRole("treeitem", { name, exact: true });
}

async function rowNames(page: Page): Promise<string[]> {
  return page
    .getByRole("treeitem")
    .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label") ?? ""));
}

/** The shown parent of a row and whether the row is that parent's last shown child. */
async function placeOf(page: Page, name: string): Promise<{ parent: string; last: boolean }> {
  return page.getByRole("treeitem").evaluateAll((items, wanted) => {
    const rows = items.map((item) => ({
      name: item.getAttribute("aria-label") ?? "",
      level: Number(item.getAttribute("aria-level")),
    }));
    const index = rows.findIndex((entry) => entry.name === wanted);
    const own = rows[index];
    if (!own) return { parent: "", last: false };
    const parent = rows
      .slice(0, index)
      .reverse()
      .find((entry) => entry.level === own.level - 1);
    const next = rows[index + 1];
    return { parent: parent?.name ?? "", last: !next || next.level < own.level };
  }, name);
}

/** The server's tree (GET pages.json), with the same session as the page. */
async function serverPages(page: Page): Promise<TreeRecord[]> {
  const response = await page.request.get("/admin/en/pages.json");
  expect(response.ok()).toBe(true);
  return (await response.json()) as TreeRecord[];
}

function byName(pages: TreeRecord[], name: string): TreeRecord {
  const found = pages.find((record) => record.blocks.name.en === name);
  if (!found) throw new Error(`No page named ${name}`);
  return found;
}

/** Names of a page's children in the server's order (deleted ones included). */
function childNames(pages: TreeRecord[], parentId: number | null): string[] {
  return pages
    .filter((record) => record.parent_page_id === parentId)
    .sort((a, b) => a.position - b.position)
    .map((record) => record.blocks.name.en ?? "");
}

/** Drag a row by its handle with real mouse events, in small steps like a hand would. */
async function dragRow(page: Page, name: string, dx: number, dy: number): Promise<void> {
  const handle = row(page, name).getByTitle("Drag to move");
  const box = await handle.boundingBox();
  if (!box) throw new Error(`No drag handle on ${name}`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 12 });
  await page.mouse.up();
}

function moveCall(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith("/move.json") && response.request().method() === "PUT",
  );
}

test("an editor drags a page under a new parent and reorders another, and both stay after a reload", async ({
  page,
}) => {
  // Right by one indent step (20 px) nests Privacy under the open page above it, Services.
  let answered = moveCall(page);
  await dragRow(page, "Privacy", 26, 0);
  await expect(row(page, "Privacy")).toHaveAttribute("aria-level", "3");
  expect(await placeOf(page, "Privacy")).toEqual({ parent: "Services", last: true });
  const nested = await answered;
  expect(nested.ok()).toBe(true);
  const pagesBefore = await serverPages(page);
  const services = byName(pagesBefore, "Services");
  expect(nested.request().postDataJSON()).toEqual({ parent_id: services.id, position: 5 });

  // Up by one row puts Staff before History, as About us's first child.
  answered = moveCall(page);
  await dragRow(page, "Staff", 0, -36);
  const reordered = await rowNames(page);
  expect(reordered.indexOf("Staff")).toBe(reordered.indexOf("About us") + 1);
  expect((await answered).ok()).toBe(true);

  await page.reload();
  await expect(row(page, "Privacy")).toHaveAttribute("aria-level", "3");
  expect(await placeOf(page, "Privacy")).toEqual({ parent: "Services", last: true });
  const afterReload = await rowNames(page);
  expect(afterReload.indexOf("Staff")).toBe(afterReload.indexOf("About us") + 1);

  const pages = await serverPages(page);
  expect(byName(pages, "Privacy")).toMatchObject({ parent_page_id: services.id, position: 5 });
  const about = byName(pages, "About us");
  // Positions count every sibling the server stores, the deleted 'Old press kit' too.
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
}) => {
  // Three new pages of our own under Home, so no other test's pages move.
  const names = ["Drag lab A", "Drag lab B", "Drag lab C"];
  for (const name of names) {
    await row(page, "Home").getByRole("button", { name: "Add child" }).click();
    const field = page.getByRole("textbox", { name: "Page name" });
    await expect(field).toBeFocused();
    await field.fill(name);
    const created = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().endsWith("/pages.json"),
    );
    await page.getByRole("button", { name: "Save" }).click();
    expect((await created).status()).toBe(201);
    await expect(row(page, `${name} (Draft)`)).toBeVisible();
  }
  const [a, b, c] = names.map((name) => row(page, `${name} (Draft)`));
  const nameOf = (locator: Locator) => locator.getByRole("link");
  // A drag that starts on a name link must never follow it.
  let navigations = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });

  // Reorder: Playwright's dragTo from A's name onto B's name, one row down, puts A after B.
  let answered = moveCall(page);
  await nameOf(a).dragTo(nameOf(b));
  expect((await answered).ok()).toBe(true);
  let order = await rowNames(page);
  const start = order.indexOf("Drag lab B (Draft)");
  expect(order.slice(start, start + 3)).toEqual([
    "Drag lab B (Draft)",
    "Drag lab A (Draft)",
    "Drag lab C (Draft)",
  ]);

  // New parent: press on C's name and move one indent step right, in small steps like a
  // hand would; C goes under A, its open (childless) previous sibling.
  const box = await nameOf(c).boundingBox();
  if (!box) throw new Error("No name link on Drag lab C");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  answered = moveCall(page);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 26, y, { steps: 12 });
  await page.mouse.up();
  expect((await answered).ok()).toBe(true);
  // Both drags started on a name link, yet the editor did not open.
  await expect(page).toHaveURL(new RegExp(`${TREE}$`));
  expect(navigations).toBe(0);
  await expect(c).toHaveAttribute("aria-level", "4");
  expect(await placeOf(page, "Drag lab C (Draft)")).toEqual({ parent: "Drag lab A (Draft)", last: true });

  await page.reload();
  await expect(c).toHaveAttribute("aria-level", "4");
  expect(await placeOf(page, "Drag lab C (Draft)")).toEqual({ parent: "Drag lab A (Draft)", last: true });
  order = await rowNames(page);
  expect(order.indexOf("Drag lab A (Draft)")).toBe(order.indexOf("Drag lab B (Draft)") + 1);
  const pages = await serverPages(page);
  const home = byName(pages, "Home");
  expect(childNames(pages, home.id).slice(-2)).toEqual(["Drag lab B", "Drag lab A"]);
  expect(childNames(pages, byName(pages, "Drag lab A").id)).toEqual(["Drag lab C"]);

  // A plain click on a draggable name is still a link to the editor.
  await nameOf(b).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/en/pages/${byName(pages, "Drag lab B").id}/edit(#.*)?$`),
  );
});

test("a drag shorter than 15 px does not move anything", async ({ page }) => {
  let moves = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/move.json")) moves += 1;
  });
  const before = await rowNames(page);
  // 6 + 8 = 14 px in total (|dx| + |dy|): still a click, not a drag.
  await dragRow(page, "Coding club for kids", 6, -8);
  expect(await rowNames(page)).toEqual(before);
  expect(moves).toBe(0);
});

test("an editor renames a page inline", async ({ page }) => {
  await row(page, "Contact").getByRole("button", { name: "Rename" }).click();
  const field = page.getByRole("textbox", { name: "Page name" });
  await expect(field).toBeFocused();
  await field.fill("Contact us");
  const saved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(".json"));
  await field.press("Enter");
  await expect(row(page, "Contact us")).toBeVisible();
  expect((await saved).ok()).toBe(true);

  await page.reload();
  await expect(row(page, "Contact us")).toBeVisible();
  expect(byName(await serverPages(page), "Contact us").parent_page_id).not.toBeNull();
});

test("cancelling a rename only leaves edit mode", async ({ page }) => {
  await row(page, "Study rooms").getByRole("button", { name: "Rename" }).click();
  await page.getByRole("textbox", { name: "Page name" }).fill("Something else");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("textbox", { name: "Page name" })).toHaveCount(0);
  await expect(row(page, "Study rooms")).toBeVisible();
});

test("the toggle publishes a hidden page and hides a published one", async ({ page }) => {
  const saved = () => page.waitForResponse((r) => r.request().method() === "PUT");
  let answer = saved();
  await row(page, "Jobs (Hidden)").getByRole("button", { name: "Publish" }).click();
  await expect(row(page, "Jobs")).toBeVisible();
  expect((await answer).ok()).toBe(true);

  answer = saved();
  await row(page, "Borrowing").getByRole("button", { name: "Hide" }).click();
  await expect(row(page, "Borrowing (Hidden)")).toBeVisible();
  expect((await answer).ok()).toBe(true);

  await page.reload();
  await expect(row(page, "Jobs")).toBeVisible();
  await expect(row(page, "Borrowing (Hidden)")).toBeVisible();
  const pages = await serverPages(page);
  expect(byName(pages, "Jobs").status).toBe(2);
  expect(byName(pages, "Borrowing").status).toBe(3);
});

test("an editor deletes a page after confirming, and it stays gone", async ({ page }) => {
  const messages: string[] = [];
  page.on("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  const saved = page.waitForResponse((r) => r.request().method() === "PUT");
  await row(page, "Old website (Hidden)").getByRole("button", { name: "Delete" }).click();
  expect(messages).toEqual(["Are you sure you want to delete this page?"]);
  await expect(row(page, "Old website (Hidden)")).toHaveCount(0);
  expect((await saved).ok()).toBe(true);

  await page.reload();
  await expect(row(page, "Events")).toBeVisible();
  await expect(row(page, "Old website (Hidden)")).toHaveCount(0);
  expect(byName(await serverPages(page), "Old website").status).toBe(4);
});

test("dismissing the delete confirmation keeps the page", async ({ page }) => {
  page.on("dialog", (dialog) => void dialog.dismiss());
  await row(page, "Printing and scanning").getByRole("button", { name: "Delete" }).click();
  await expect(row(page, "Printing and scanning")).toBeVisible();
});

test("an editor adds a child page, which is saved as a draft", async ({ page }) => {
  await row(page, "Events").getByRole("button", { name: "Add child" }).click();
  const field = page.getByRole("textbox", { name: "Page name" });
  await expect(field).toBeFocused();
  await field.fill("Poetry night");
  const created = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().endsWith("/pages.json"),
  );
  await page.getByRole("button", { name: "Save" }).click();
  await expect(row(page, "Poetry night (Draft)")).toBeVisible();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON().page).toMatchObject({
    name: "Poetry night",
    status: 0,
    news_page: false,
    pinned: false,
  });

  await page.reload();
  await expect(row(page, "Poetry night (Draft)")).toHaveAttribute("aria-level", "3");
  const pages = await serverPages(page);
  const events = byName(pages, "Events");
  const poetry = byName(pages, "Poetry night");
  expect(poetry).toMatchObject({ parent_page_id: events.id, status: 0 });
  expect(Math.abs(Date.parse(poetry.published_at) - Date.now())).toBeLessThan(10 * 60_000);
  expect(childNames(pages, events.id).at(-1)).toBe("Poetry night");
});

test("cancelling a new child removes it without asking the server", async ({ page }) => {
  let created = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") created += 1;
  });
  await row(page, "Home").getByRole("button", { name: "Add child" }).click();
  await expect(page.getByRole("textbox", { name: "Page name" })).toBeFocused();
  await expect(row(page, "Untitled (Draft)")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(row(page, "Untitled (Draft)")).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Page name" })).toHaveCount(0);
  expect(created).toBe(0);
});

test("a move the server refuses puts the page back and says so", async ({ page }) => {
  await page.route("**/move.json", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"detail": "Server error"}' }),
  );
  const before = await rowNames(page);
  await dragRow(page, "Jazz in the stacks", 0, -36);
  await expect(page.getByRole("status")).toContainText("The page could not be moved: Server error");
  await expect.poll(() => rowNames(page)).toEqual(before);

  await page.reload();
  expect(await rowNames(page)).toEqual(before);
});

test("a rename the server refuses puts the old name back and says so", async ({ page }) => {
  await page.route(/\/admin\/en\/pages\/\d+\.json$/, (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({ status: 500, contentType: "application/json", body: '{"detail": "Server error"}' })
      : route.continue(),
  );
  await row(page, "Author talk").getByRole("button", { name: "Rename" }).click();
  await page.getByRole("textbox", { name: "Page name" }).fill("Author evening");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("The page could not be renamed: Server error");
  await expect(row(page, "Author talk")).toBeVisible();
  await expect(row(page, "Author evening")).toHaveCount(0);
});

test("an editor moves a page with the keyboard, and the move is stored", async ({ page }) => {
  const eBooks = row(page, "E-books");
  await eBooks.focus();
  const answered = moveCall(page);
  await page.keyboard.press("Alt+ArrowUp");
  expect((await answered).ok()).toBe(true);
  await expect(eBooks).toBeFocused();
  const names = await rowNames(page);
  expect(names.indexOf("E-books")).toBe(names.indexOf("Printing and scanning") - 1);

  await page.reload();
  const after = await rowNames(page);
  expect(after.indexOf("E-books")).toBe(after.indexOf("Printing and scanning") - 1);
  const pages = await serverPages(page);
  expect(byName(pages, "E-books").position).toBe(byName(pages, "Printing and scanning").position - 1);
});

test("arrow keys browse the tree and Enter opens the editor", async ({ page }) => {
  await row(page, "Events").focus();
  await page.keyboard.press("ArrowDown");
  await expect(row(page, "Author talk")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(row(page, "Events")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(row(page, "Events")).toHaveAttribute("aria-expanded", "false");
  await expect(row(page, "Events")).toContainText(/\(\d+ items\)/);
  await page.keyboard.press("End");
  await expect(page.getByRole("treeitem").last()).toBeFocused();
  await row(page, "History").focus();
  await page.keyboard.press("ArrowRight");
  await expect(row(page, "History")).toHaveAttribute("aria-expanded", "true");
  // History's children load as it opens; the next ArrowRight goes to the first of them.
  await expect(row(page, "The first librarians (Reviewed)")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(row(page, "The first librarians (Reviewed)")).toBeFocused();
  const history = byName(await serverPages(page), "The first librarians");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/en/pages/${history.id}/edit(#.*)?$`));
});

test("news items show pinned first, then newest, and an opened branch stays open", async ({ page }) => {
  const news = row(page, "News");
  await expect(news).toHaveAttribute("aria-expanded", "false");
  await expect(news).toContainText("(8 items)");
  await news.getByTitle("Expand").click();
  await expect(news).toHaveAttribute("aria-expanded", "true");
  const expected = [
    "Longer opening hours",
    "New reading room",
    "Upcoming: poetry festival",
    "Draft: budget news (Draft)",
    "Closed for the holiday (Hidden)",
    "Library app released",
    "Board meeting minutes (Reviewed)",
    "Summer reading challenge",
  ];
  // News's children load as it opens.
  await expect
    .poll(async () => {
      const names = await rowNames(page);
      const start = names.indexOf("News") + 1;
      return names.slice(start, start + 8);
    })
    .toEqual(expected);

  await page.reload();
  await expect(row(page, "News")).toHaveAttribute("aria-expanded", "true");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("collapsedPages") ?? "{}"));
  const newsId = byName(await serverPages(page), "News").id;
  expect(stored[String(newsId)]).toBe(false);
});

test("row actions show on hover and on keyboard focus, and the root has no edit actions", async ({
  page,
}) => {
  // The actions fade in as a group (the opacity sits on their container).
  const actionsOf = (name: string) => row(page, name).locator(".tree-row__actions");
  await page.mouse.move(0, 0);
  await expect(actionsOf("Book fair (Draft)")).toHaveCSS("opacity", "0");
  await row(page, "Book fair (Draft)").hover();
  await expect(actionsOf("Book fair (Draft)")).toHaveCSS("opacity", "1");
  await page.mouse.move(0, 0);
  await expect(actionsOf("Book fair (Draft)")).toHaveCSS("opacity", "0");
  await row(page, "Annual report 2025 (Draft)").focus();
  await expect(actionsOf("Annual report 2025 (Draft)")).toHaveCSS("opacity", "1");
  await page.keyboard.press("Tab");
  await expect(row(page, "Annual report 2025 (Draft)").getByRole("link")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(row(page, "Annual report 2025 (Draft)").getByRole("button", { name: "Rename" })).toBeFocused();

  const root = row(page, "All Pages");
  await expect(actionsOf("All Pages")).toHaveCSS("opacity", "1");
  await expect(root.getByRole("button", { name: "Add child" })).toBeVisible();
  await expect(root.getByRole("button", { name: /Rename|Delete|Hide|Publish/ })).toHaveCount(0);
  await expect(root.getByTitle("Drag to move")).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("row actions are always visible", async ({ page }) => {
    await expect(row(page, "Staff").locator(".tree-row__actions")).toHaveCSS("opacity", "1");
    await expect(row(page, "Staff").getByRole("button", { name: "Rename" })).toBeInViewport();
    await expect(row(page, "Staff").getByRole("link", { name: "Staff" })).toBeInViewport();
  });
});

// --- A tree loaded in parts: the screen embeds only what shows at first ---------------------

const SCREENSHOTS = "../test-output/screenshots";

/** Wait for the tree's call for one node's children. */
function childrenCall(page: Page, parentId: number) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith(`/admin/en/pages.json?parent_id=${parentId}`) &&
      response.request().method() === "GET",
  );
}

/** Create a published page through the API (the tree's own create call), as the test's setup. */
async function createPage(page: Page, name: string, parentId: number): Promise<TreeRecord> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value;
  const response = await page.request.post("/admin/en/pages.json", {
    data: { page: { name, status: 2, parent_page_id: parentId } },
    headers: { "X-CSRFToken": token ?? "", "X-Requested-With": "XMLHttpRequest" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as TreeRecord;
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
}) => {
  const history = byName(await serverPages(page), "History");
  // The screen did not embed History's child: it is closed by default (it has a parent).
  expect(await page.locator("#initial-data").textContent()).not.toContain("The first librarians");
  await expect(row(page, "History")).toHaveAttribute("aria-expanded", "false");
  await expect(row(page, "History")).toContainText("(1 item)");

  const loaded = childrenCall(page, history.id);
  await row(page, "History").getByTitle("Expand").click();
  expect((await loaded).ok()).toBe(true);
  const child = row(page, "The first librarians (Reviewed)");
  await expect(child).toHaveAttribute("aria-level", "4");
  await expect(row(page, "History")).toHaveAttribute("aria-expanded", "true");
  await expect(row(page, "History")).not.toHaveAttribute("aria-busy");
  await page.screenshot({ path: `${SCREENSHOTS}/page-tree-opened-node.png`, fullPage: true });

  // The open page is remembered; its children load again as the screen starts.
  const reloaded = childrenCall(page, history.id);
  await page.reload();
  expect((await reloaded).ok()).toBe(true);
  await expect(row(page, "History")).toHaveAttribute("aria-expanded", "true");
  await expect(child).toHaveAttribute("aria-level", "4");
});

test("an editor finds a page two levels down: the path opens, the page is marked, and Enter goes to it", async ({
  page,
}) => {
  const search = page.getByRole("searchbox", { name: "Find a page" });
  await expect(row(page, "History")).toHaveAttribute("aria-expanded", "false");
  const answered = page.waitForResponse((response) => response.url().includes("/pages.json?q="));
  await search.fill("first librarian");
  const response = await answered;
  expect(new URL(response.url()).searchParams.get("q")).toBe("first librarian");

  const match = row(page, "The first librarians (Reviewed)");
  await expect(match).toBeVisible();
  await expect(match).toHaveClass(/tree-row--match/);
  await expect(match.locator("mark")).toHaveText("first librarian");
  await expect(row(page, "History")).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText("1 page found. Press Enter to go to the first.")).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/page-tree-search.png`, fullPage: true });

  await search.press("Enter");
  await expect(match).toBeFocused();
  // Clearing the search keeps what it opened.
  await search.fill("");
  await expect(match).not.toHaveClass(/tree-row--match/);
  await expect(match).toBeVisible();
});

test("an editor drags a page into a page never opened before, while its children load; it lands after them", async ({
  page,
}) => {
  const home = byName(await serverPages(page), "Home");
  const shelf = await createPage(page, "Lazy shelf", home.id);
  await createPage(page, "Lazy book one", shelf.id);
  await createPage(page, "Lazy book two", shelf.id);
  await createPage(page, "Lazy note", home.id);
  await page.reload();
  await expect(row(page, "Lazy shelf")).toContainText("(2 items)");
  const placed = await placeOf(page, "Lazy note");
  expect(placed.parent).toBe("Home");

  // Open the shelf, and hold its children on their way.
  const release = await holdChildren(page, shelf.id);
  await row(page, "Lazy shelf").getByTitle("Expand").click();
  await expect(row(page, "Lazy shelf")).toHaveAttribute("aria-busy", "true");
  await expect(row(page, "Lazy shelf")).toContainText("Loading…");
  await page.screenshot({ path: `${SCREENSHOTS}/page-tree-loading-node.png` });
  await row(page, "Lazy shelf").screenshot({ path: `${SCREENSHOTS}/page-tree-loading-row.png` });

  // One indent step right puts the note under the shelf, its open previous sibling.
  let moves = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/move.json")) moves += 1;
  });
  const answered = moveCall(page);
  await dragRow(page, "Lazy note", 26, 0);
  await expect(row(page, "Lazy note")).toHaveAttribute("aria-level", "4");
  // The place among the shelf's children is only known once they are in.
  expect(moves).toBe(0);
  release();
  const moved = await answered;
  expect(moved.ok()).toBe(true);
  expect(moved.request().postDataJSON()).toEqual({ parent_id: shelf.id, position: 3 });
  const names = await rowNames(page);
  const start = names.indexOf("Lazy shelf") + 1;
  expect(names.slice(start, start + 3)).toEqual(["Lazy book one", "Lazy book two", "Lazy note"]);

  await page.unrouteAll({ behavior: "wait" });
  await page.reload();
  await expect(row(page, "Lazy note")).toHaveAttribute("aria-level", "4");
  expect(childNames(await serverPages(page), shelf.id)).toEqual([
    "Lazy book one",
    "Lazy book two",
    "Lazy note",
  ]);
});

test("Alt+Right puts a page under a closed page never opened, after the children it loads", async ({
  page,
}) => {
  const home = byName(await serverPages(page), "Home");
  const box = await createPage(page, "Lazy box", home.id);
  await createPage(page, "Lazy item", box.id);
  await createPage(page, "Lazy thing", home.id);
  await page.reload();
  await expect(row(page, "Lazy box")).toHaveAttribute("aria-expanded", "false");

  await row(page, "Lazy thing").focus();
  const answered = moveCall(page);
  await page.keyboard.press("Alt+ArrowRight");
  const moved = await answered;
  expect(moved.request().postDataJSON()).toEqual({ parent_id: box.id, position: 2 });
  await expect(row(page, "Lazy box")).toHaveAttribute("aria-expanded", "true");
  await expect(row(page, "Lazy thing")).toBeFocused();
  const names = await rowNames(page);
  expect(names.slice(names.indexOf("Lazy box") + 1).slice(0, 2)).toEqual(["Lazy item", "Lazy thing"]);
});

test("when a page's children cannot be loaded the editor is told, and Retry loads them", async ({ page }) => {
  const history = byName(await serverPages(page), "History");
  const address = new RegExp(`/admin/en/pages\\.json\\?parent_id=${history.id}$`);
  await page.route(address, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"detail": "Server error"}' }),
  );
  await row(page, "History").getByTitle("Expand").click();
  const toast = page.getByRole("status");
  await expect(toast).toContainText("The pages under “History” could not be loaded: Server error");
  await expect(row(page, "History")).toContainText("Not loaded");
  await page.screenshot({ path: `${SCREENSHOTS}/page-tree-load-failed.png` });

  await page.unroute(address);
  const loaded = childrenCall(page, history.id);
  await toast.getByRole("button", { name: "Retry" }).click();
  expect((await loaded).ok()).toBe(true);
  await expect(row(page, "The first librarians (Reviewed)")).toBeVisible();
  await expect(row(page, "History")).not.toContainText("Not loaded");
});
