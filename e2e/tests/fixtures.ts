import { expect, type Page } from "@playwright/test";

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
