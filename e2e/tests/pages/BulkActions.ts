import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The bulk actions on the 'All Pages' screen (issue 33): the rows' boxes, the bar that shows
 * while pages are selected, its confirmation, and the panel of each job started.
 */
export class BulkActions {
  readonly bar: Locator;
  readonly confirmation: Locator;

  constructor(readonly page: Page) {
    this.bar = page.getByRole("group", { name: "Actions on the selected pages" });
    this.confirmation = page.getByRole("dialog", { name: "Before it happens" });
  }

  /** A row's box, named after its page (without the row's status). */
  box(pageName: string): Locator {
    return this.page.getByRole("checkbox", { name: `Select ${pageName}`, exact: true });
  }

  /**
   * Tick one page, then shift-click another: every visible row between them is ticked. The bar
   * that appears with the first tick stays at the window's foot, over the rows there: the
   * page is scrolled to its end (the bar's own place, below the tree) before the second.
   */
  async selectRange(first: string, last: string): Promise<void> {
    await this.box(first).click();
    await expect(this.bar).toBeVisible();
    await this.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await this.box(last).click({ modifiers: ["Shift"] });
  }

  /** Press an action of the bar (its confirmation opens). */
  async choose(action: string): Promise<void> {
    await this.bar.getByRole("button", { name: action, exact: true }).click();
    await expect(this.confirmation).toBeVisible();
  }

  /** Confirm with the dialog's button that names the action. */
  async confirm(action: string): Promise<void> {
    await this.confirmation.getByRole("button", { name: action, exact: true }).click();
    await expect(this.confirmation).toBeHidden();
  }

  /** The panel of a job, by its heading ('Publish: 30 pages'). */
  job(title: string): Locator {
    return this.page.getByRole("region", { name: title });
  }
}
