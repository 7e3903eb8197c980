import { expect, test } from "@playwright/test";

import { admin, logIn } from "./fixtures";
import { screenshot } from "./screenshots";

test("an editor who is not logged in is sent to the login form", async ({ page }) => {
  await page.goto("/admin/en/pages");
  await expect(page).toHaveURL(/\/admin\/login\/\?next=/);
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
});

test("a wrong password is refused with a message", async ({ page }) => {
  await page.goto("/admin/login/");
  await page.getByLabel("Username").fill(admin.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toContainText("didn't match");
});

test("an editor logs in through the form and reaches the page tree", async ({ page }) => {
  await logIn(page);
  await expect(page).toHaveURL(/\/admin\/en\/pages$/);
  await expect(page.getByRole("tree")).toBeVisible();
  await expect(page.getByText("All Pages").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "About us" })).toBeVisible();
  await screenshot(page, { path: "../test-output/screenshots/page-tree.png", fullPage: true });
});

test("Arabic content is right to left inside an English admin", async ({ page }) => {
  await logIn(page, "/admin/ar/pages");
  // The interface is the browser's language (English here); the content locale marks the names.
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("link", { name: "من نحن" })).toBeVisible();
  await expect(page.getByRole("link", { name: "من نحن" })).toHaveAttribute("dir", "rtl");
  await screenshot(page, { path: "../test-output/screenshots/page-tree-ar.png", fullPage: true });
});
