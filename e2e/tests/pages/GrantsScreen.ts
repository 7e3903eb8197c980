import { expect, type Locator, type Page } from "@playwright/test";

/** The grants screen (administrators): the users, and for one of them the tree with boxes. */
export class GrantsScreen {
  readonly ids: Locator;
  readonly actions: Locator;

  constructor(readonly page: Page) {
    this.ids = page.getByLabel("Selected pages", { exact: true });
    this.actions = page.getByRole("group", { name: "Change rights on the selected pages" }).getByRole("button");
  }

  async goto(userId: number): Promise<void> {
    await this.page.goto(`/admin/grants?user=${userId}`);
    await expect(this.page.getByRole("heading", { name: /^What .* may do$/ })).toBeVisible();
  }

  /** A page's row, by its name ('All Pages' for the root). */
  row(name: string): Locator {
    return this.page.locator(".grant-row").filter({ has: this.page.getByRole("checkbox", { name, exact: true }) });
  }

  box(name: string): Locator {
    return this.page.getByRole("checkbox", { name, exact: true });
  }

  action(name: "Grant edit" | "Revoke edit" | "Grant create" | "Revoke create"): Locator {
    return this.page.getByRole("button", { name, exact: true });
  }
}
