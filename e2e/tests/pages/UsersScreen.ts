import { expect, type Locator, type Page } from "@playwright/test";

export interface NewUser {
  username: string;
  name: string;
  email?: string;
  password: string;
}

/** The users screen (administrators): the list and the add/change dialog. */
export class UsersScreen {
  readonly list: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByRole("list", { name: "Users", exact: true });
    this.dialog = page.getByRole("dialog");
  }

  async goto(): Promise<void> {
    await this.page.goto("/admin/users");
    await expect(this.list).toBeVisible();
  }

  entry(name: string): Locator {
    return this.list.getByRole("listitem").filter({ hasText: name });
  }

  async add(user: NewUser): Promise<void> {
    await this.page.getByRole("button", { name: "Add user" }).click();
    await this.dialog.getByLabel("Username", { exact: true }).fill(user.username);
    await this.dialog.getByLabel("Name", { exact: true }).fill(user.name);
    if (user.email) await this.dialog.getByLabel("Email", { exact: true }).fill(user.email);
    await this.dialog.getByLabel("Password", { exact: true }).fill(user.password);
    await this.dialog.getByRole("button", { name: "Add user" }).click();
  }
}
