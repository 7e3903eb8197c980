import { expect, test as setup } from "@playwright/test";

import { logIn, signedInStatePath } from "./fixtures";

// Once per run: the tests of the 'signed in' project start from this session instead of each
// logging in again. Only the session cookie is kept: the account page, unlike the tree, puts
// nothing in localStorage, so every test still starts with the tree's defaults.
setup("the editor logs in once for the tests that start signed in", async ({ page }, testInfo) => {
  await logIn(page, "/admin/account/");
  await expect(page).toHaveURL(/\/admin\/account\/$/);
  const state = await page.context().storageState({ path: signedInStatePath(testInfo.project.outputDir) });
  expect(state.cookies.map((cookie) => cookie.name)).toContain("sessionid");
  expect(state.origins).toEqual([]);
});
