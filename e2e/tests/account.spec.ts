import { expect, test } from "./fixtures";

test("server-rendered tabs follow the address fragment and history", async ({ page }) => {
  await page.goto("/admin/account/");
  await expect(page).toHaveURL(/\/admin\/account\/$/);
  await expect(page.getByText("Username")).toBeVisible();
  await page.getByRole("tab", { name: "Password" }).click();
  await expect(page).toHaveURL(/#password$/);
  await expect(page.getByLabel("Old password")).toBeVisible();
  await expect(page.getByText("Username")).toBeHidden();
  await page.reload();
  await expect(page.getByLabel("Old password")).toBeVisible();
  await page.getByRole("tab", { name: "Profile" }).click();
  await expect(page.getByText("Username")).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel("Old password")).toBeVisible();
});
