import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The editor's History panel (issue 20): the page's saved versions, ticked to compare, with
 * Compare with current and Restore… on each; the compare view and the restore dialog on top.
 */
export class HistoryPanel {
  readonly panel: Locator;
  readonly compareView: Locator;
  readonly restoreDialog: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole("dialog", { name: "History" });
    this.compareView = page.getByRole("dialog", { name: "Compare versions" });
    this.restoreDialog = page.getByRole("dialog", { name: /^Restore the version of/ });
  }

  async open(): Promise<void> {
    await this.page.getByRole("button", { name: "History", exact: true }).click();
    await expect(this.rows.first()).toBeVisible();
  }

  /** The saved versions, newest first. */
  get rows(): Locator {
    return this.panel.locator("li.revision");
  }

  /** Tick versions (by their place in the list, 0 the newest) and compare them. */
  async compare(...places: number[]): Promise<void> {
    for (const place of places) await this.rows.nth(place).getByRole("checkbox").check();
    await this.panel.getByRole("button", { name: "Compare selected" }).click();
    await expect(this.compareView.locator(".diff-block").first()).toBeVisible();
  }

  /** A block of the compare view, by its title. */
  block(title: string): Locator {
    return this.compareView.getByRole("region", { name: title });
  }

  async closeCompare(): Promise<void> {
    await this.compareView.getByRole("button", { name: "Close" }).click();
    await expect(this.compareView).toBeHidden();
  }

  /** Restore a version (by its place in the list) and confirm. */
  async restore(place: number): Promise<void> {
    await this.rows.nth(place).getByRole("button", { name: "Restore…" }).click();
    await this.restoreDialog.getByRole("button", { name: "Restore", exact: true }).click();
  }
}
