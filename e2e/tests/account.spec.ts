import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";

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

test("the account page wears the admin's header and controls", async ({ page }) => {
  await page.goto("/admin/account/?locale=nb#language");
  // The header every screen has: sections in the content locale the user came from, log out.
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Pages", exact: true })).toHaveAttribute("href", "/admin/nb/pages");
  await expect(header.getByRole("link", { name: "Images", exact: true })).toHaveAttribute("href", "/admin/images?locale=nb");
  await expect(header.getByRole("link", { name: "e2e-admin" })).toHaveAttribute("aria-current", "page");
  await expect(header.getByRole("button", { name: "Log out" })).toBeVisible();
  // A skip link, shown when it has the focus, leads to the main area.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await skip.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();

  // Controls look like the editor's: the bordered, rounded field and the accent button.
  const select = page.getByLabel("Interface language");
  await expect(select).toHaveCSS("border-radius", "6px");
  await expect(select).toHaveCSS("border-top-color", "rgb(197, 204, 211)");
  expect((await select.boundingBox())?.height).toBeGreaterThanOrEqual(36);
  await expect(page.getByRole("button", { name: "Save language" })).toHaveCSS("background-color", "rgb(59, 91, 219)");
  await page.getByRole("tab", { name: "Password" }).click();
  await expect(page.getByLabel("Old password")).toHaveCSS("border-radius", "6px");
  await screenshot(page, { path: "../test-output/screens/account-password.png", fullPage: true });
});
