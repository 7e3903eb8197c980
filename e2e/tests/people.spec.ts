// Issue 13: editors see and do only what their grants allow; administrators manage users and
// grants on their own screens. The e2e server's user is an administrator (e2e-admin): editors
// and grants are made through the API with its session, then an editor logs in in a fresh browser.
import type { APIRequestContext, Browser, Page } from "@playwright/test";

import { createPage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";
import { GrantsScreen } from "./pages/GrantsScreen";
import { PageTree } from "./pages/PageTree";
import { UsersScreen } from "./pages/UsersScreen";

const SCREENS = "../test-output/screens";
const PASSWORD = "e2e-editor-secret-9";

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value;
  return { "X-CSRFToken": csrf ?? "", "X-Requested-With": "XMLHttpRequest" };
}

/** Create an editor through the API with the administrator's session; return its id. */
async function createEditor(page: Page, username: string): Promise<number> {
  await page.goto("/admin/account/"); // a screen sets the CSRF cookie
  const response = await page.request.post("/admin/users.json", {
    data: { user: { username, password: PASSWORD, name: `Editor ${username}`, email: "" } },
    headers: await csrfHeaders(page),
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function grant(page: Page, userId: number, pageIds: string, permissions: string[]): Promise<void> {
  const response = await page.request.post("/admin/grants.json", {
    data: { user_id: userId, page_ids: pageIds, permissions, action: "grant" },
    headers: await csrfHeaders(page),
  });
  expect(response.status()).toBe(200);
}

async function grantsOf(request: APIRequestContext, userId: number) {
  const response = await request.get(`/admin/grants.json?user_id=${userId}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { page_id: number | null; permissions: string[] }[];
}

/** Log in as someone else in a browser context of their own (no saved session). */
async function logInAs(browser: Browser, username: string): Promise<Page> {
  // Tall: the tree draws only the rows in view, and this test's pages come after everyone's.
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: { width: 1280, height: 4000 },
  });
  const page = await context.newPage();
  await page.goto("/admin/login/?next=/admin/en/pages");
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin\/en\/pages$/);
  return page;
}

const stamp = () => Date.now().toString(36);

test.describe("people and per-page rights", () => {
  test("an editor with edit on one subtree can drag and edit only there, and add children only where it may create", async ({
    page,
    browser,
  }) => {
    const tag = stamp();
    await page.goto("/admin/account/");
    const team = await createPage(page, { name: `Team ${tag}`, status: 2 });
    const child = await createPage(page, { name: `Team child ${tag}`, status: 2, parent_page_id: team.id });
    await createPage(page, { name: `Elsewhere ${tag}`, status: 2 });
    const editorId = await createEditor(page, `kari-${tag}`);
    await grant(page, editorId, String(team.id), ["edit"]);
    await grant(page, editorId, String(child.id), ["create"]);

    const editorPage = await logInAs(browser, `kari-${tag}`);
    const tree = new PageTree(editorPage);
    await tree.loaded();
    // Editors see no administrators' links.
    await expect(editorPage.getByRole("link", { name: "Grants" })).toHaveCount(0);
    await expect(editorPage.getByRole("link", { name: "Users" })).toHaveCount(0);
    await expect(tree.row(`Elsewhere ${tag}`)).toBeVisible();

    await expect(tree.row(`Team ${tag}`).getByTitle("Drag to move")).toHaveCount(1);
    await expect(tree.row(`Team ${tag}`).getByRole("link", { name: `Team ${tag}` })).toHaveCount(1);
    await expect(tree.row(`Elsewhere ${tag}`).getByTitle("Drag to move")).toHaveCount(0);
    await expect(tree.row(`Elsewhere ${tag}`).getByRole("link")).toHaveCount(0);
    // No create on the root: the root row offers nothing.
    await expect(tree.action("All Pages", "Add child")).toHaveCount(0);

    if ((await tree.row(`Team ${tag}`).getAttribute("aria-expanded")) === "false") await tree.open(`Team ${tag}`);
    const action = (name: string, label: string) => tree.action(name, label);
    await expect(tree.row(`Team child ${tag}`).getByTitle("Drag to move")).toHaveCount(1);
    await expect(action(`Team child ${tag}`, "Add child")).toHaveCount(1);
    await expect(action(`Team ${tag}`, "Add child")).toHaveCount(0);
    await expect(action(`Team ${tag}`, "Rename")).toHaveCount(1);
    await expect(action(`Elsewhere ${tag}`, "Rename")).toHaveCount(0);
    await expect(action(`Elsewhere ${tag}`, "Add child")).toHaveCount(0);
    await screenshot(editorPage, { path: `${SCREENS}/people-editor-tree.png` });

    // A page outside the grant opens read-only; the administrators' screens answer 403.
    const elsewhere = (await (await editorPage.request.get("/admin/en/pages.json?parent_id=root")).json()) as {
      id: number;
      blocks: { name: Record<string, string> };
    }[];
    const other = elsewhere.find((item) => item.blocks.name.en === `Elsewhere ${tag}`);
    await editorPage.goto(`/admin/en/pages/${other?.id}/edit`);
    await expect(editorPage.getByRole("note")).toContainText("You can view this page but not change it.");
    await expect(editorPage.getByRole("button", { name: "Save" })).toHaveCount(0);
    await screenshot(editorPage, { path: `${SCREENS}/people-editor-readonly.png`, fullPage: true });
    for (const path of ["/admin/users", "/admin/grants", "/admin/log"]) {
      const response = await editorPage.goto(path);
      expect(response?.status()).toBe(403);
    }
    await editorPage.context().close();
  });

  test("the grants screen's buttons stay disabled until a box is ticked, and granting works", async ({ page }) => {
    const tag = stamp();
    await page.goto("/admin/account/");
    const target = await createPage(page, { name: `Granted ${tag}`, status: 2 });
    const editorId = await createEditor(page, `ola-${tag}`);
    const grants = new GrantsScreen(page);
    await grants.goto(editorId);
    // Grant and revoke for each right: edit, submit for review (issue 32) and create.
    await expect(grants.actions).toHaveCount(6);
    for (const button of await grants.actions.all()) await expect(button).toBeDisabled();
    await expect(grants.ids).toHaveValue("");

    await grants.box(`Granted ${tag}`).check();
    await grants.box("All Pages").check();
    await expect(grants.ids).toHaveValue(`${target.id},root`);
    for (const button of await grants.actions.all()) await expect(button).toBeEnabled();
    await grants.box("All Pages").uncheck();
    await expect(grants.ids).toHaveValue(String(target.id));

    await grants.action("Grant edit").click();
    await expect(grants.row(`Granted ${tag}`).getByTitle("Granted on this page")).toHaveText("Edit");
    expect(await grantsOf(page.request, editorId)).toEqual([{ page_id: target.id, permissions: ["edit"] }]);

    await grants.box(`Granted ${tag}`).uncheck();
    for (const button of await grants.actions.all()) await expect(button).toBeDisabled();
    await grants.box("All Pages").check();
    await grants.action("Grant create").click();
    await expect(grants.row(`Granted ${tag}`).getByTitle("Inherited from All Pages")).toContainText("Create");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, { path: `${SCREENS}/grants-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${SCREENS}/grants-phone.png`, fullPage: true });
  });

  test("an administrator adds an editor on the users screen", async ({ page }) => {
    const tag = stamp();
    const users = new UsersScreen(page);
    await users.goto();
    await users.add({ username: `nina-${tag}`, name: `Nina ${tag}`, password: "short" });
    await expect(users.dialog.getByText(/This password is too short/)).toBeVisible();
    await users.dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await users.dialog.getByRole("button", { name: "Add user" }).click();
    await expect(users.dialog).toHaveCount(0);
    await expect(users.entry(`Nina ${tag}`)).toContainText("Editor");
    const stored = (await (await page.request.get("/admin/users.json")).json()) as { username: string }[];
    expect(stored.map((user) => user.username)).toContain(`nina-${tag}`);

    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, { path: `${SCREENS}/users-desktop.png` });
    await page.getByRole("button", { name: `Edit Nina ${tag}` }).click();
    await screenshot(page, { path: `${SCREENS}/users-dialog-desktop.png` });
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: `${SCREENS}/users-phone.png`, fullPage: true });

    await page.goto("/admin/log");
    await expect(page.getByText(`added user Nina ${tag}`)).toBeVisible();
    await screenshot(page, { path: `${SCREENS}/log-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, { path: `${SCREENS}/log-desktop.png` });
  });
});
