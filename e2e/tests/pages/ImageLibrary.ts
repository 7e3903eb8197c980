import { expect, type Locator, type Page } from "@playwright/test";

/** The image library screen: search, the missing-alt filter and the grid of images. */
export class ImageLibrary {
  readonly cards: Locator;

  constructor(readonly page: Page) {
    this.cards = page.locator(".library-card");
  }

  async open(locale = "en"): Promise<void> {
    await this.page.goto(`/admin/images?locale=${locale}`);
    await expect(this.page.getByRole("heading", { name: "Images", level: 1 })).toBeVisible();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole("searchbox", { name: "Search images" }).fill(text);
    await this.page.getByRole("button", { name: "Search", exact: true }).click();
  }

  /** Show only images without alternative text in a locale, by its name. */
  async missingAltIn(localeName: string): Promise<void> {
    await this.page.getByLabel("Missing alternative text in").selectOption({ label: localeName });
  }

  card(filename: string): Locator {
    return this.cards.filter({ hasText: filename });
  }
}
