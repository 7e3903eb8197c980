import { existsSync } from "node:fs";
import path from "node:path";

import { test as base, expect, type Page } from "@playwright/test";

import { PageEditor } from "./pages/PageEditor";
import { PageTree } from "./pages/PageTree";

export { expect };

export const admin = {
  username: process.env.DJANGO_SUPERUSER_USERNAME ?? "e2e-admin",
  password: process.env.DJANGO_SUPERUSER_PASSWORD ?? "e2e-password-1",
};

/** Log in through Django's login form, as an editor would. */
export async function logIn(page: Page, next = "/admin/"): Promise<void> {
  await page.goto(`/admin/login/?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Username").fill(admin.username);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).not.toHaveURL(/\/admin\/login\//);
}

/**
 * Where auth.setup.ts saves the signed-in editor's cookies: in the run's output folder
 * (scripts/e2e.sh gives each run its own), which git ignores and nothing else reads.
 */
export function signedInStatePath(outputDir: string): string {
  return path.join(outputDir, ".auth", "editor.json");
}

/** Tests that start as the signed-in editor, with the screens' page objects. */
export const test = base.extend<{ pageTree: PageTree; editor: PageEditor }>({
  storageState: async ({}, use, testInfo) => {
    const file = signedInStatePath(testInfo.project.outputDir);
    if (!existsSync(file)) {
      throw new Error(`No saved login at ${file}: run the 'sign in' project first (no --no-deps).`);
    }
    await use(file);
  },
  pageTree: async ({ page }, use) => {
    await use(new PageTree(page));
  },
  editor: async ({ page }, use) => {
    await use(new PageEditor(page));
  },
});
