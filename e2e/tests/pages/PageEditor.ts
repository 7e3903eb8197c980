import { expect, type Locator, type Page } from "@playwright/test";

/** A file for an upload field, built in memory. */
export interface FileToUpload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * The page editor as an editor sees it: tabs, fields by their labels, the 'Page options'
 * sidebar, the locale switch, Preview and Save, and the banner of a stale save.
 */
export class PageEditor {
  readonly sidebar: Locator;
  /** The message a save ends with. */
  readonly toast: Locator;
  /** Shown when someone else saved the page after it was opened (the screen's only alert). */
  readonly conflictBanner: Locator;
  readonly socialImage: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole("complementary", { name: "Page options" });
    this.toast = page.locator(".toast");
    this.conflictBanner = page.getByRole("alert");
    this.socialImage = page.getByRole("group", { name: "Social sharing image", exact: true });
  }

  /** Open a page's editor (or a new page's) in a locale, on a tab when one is given. */
  async open(locale: string, id: number | "new", tab = ""): Promise<void> {
    const path = id === "new" ? `/admin/${locale}/pages/new` : `/admin/${locale}/pages/${id}/edit`;
    await this.page.goto(tab ? `${path}#${tab}` : path);
    await expect(this.tab("Content")).toBeVisible();
  }

  /** The heading with the page's name ('New Page' before it has one). */
  heading(name: string): Locator {
    return this.page.getByRole("heading", { name });
  }

  tab(name: string): Locator {
    return this.page.getByRole("tab", { name, exact: true });
  }

  /** Click a tab and wait until it is the selected one. */
  async openTab(name: string): Promise<void> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute("aria-selected", "true");
  }

  /** A field of the open tab by its exact label. */
  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** A field of the 'Page options' sidebar by its label. */
  sidebarField(label: string): Locator {
    return this.sidebar.getByLabel(label);
  }

  /** One part of a date and time field, such as 'Starts: day' or 'Ends: time'. */
  datePart(label: string): Locator {
    return this.page.getByLabel(label);
  }

  /** The line with a field's label, where its error shows. */
  fieldHead(label: string): Locator {
    return this.page.locator(".form-field", { has: this.field(label) }).locator(".form-field__head");
  }

  /** A tag of the tag editor: a button, pressed when the page has the tag. */
  tag(name: string): Locator {
    return this.page.getByRole("button", { name });
  }

  /** Type a new tag and press Enter. */
  async addTag(name: string): Promise<void> {
    await this.page.getByLabel("New tag").fill(name);
    await this.page.getByLabel("New tag").press("Enter");
  }

  /** The header's link to the page in another locale, by the locale's name. */
  localeLink(name: string): Locator {
    return this.page.getByRole("link", { name });
  }

  async switchLocale(name: string): Promise<void> {
    await this.localeLink(name).click();
  }

  async save(): Promise<void> {
    await this.page.getByRole("button", { name: "Save", exact: true }).click();
  }

  async saveAndExpectSuccess(): Promise<void> {
    await this.save();
    await expect(this.toast).toHaveText("Your changes were saved");
    await expect(this.page.getByText("All changes saved")).toBeVisible();
  }

  /** After a stale save: replace the other editor's version with this one. */
  async saveAnyway(): Promise<void> {
    await this.conflictBanner.getByRole("button", { name: "Save anyway" }).click();
  }

  /** Click Preview and return the tab it opens. */
  async preview(): Promise<Page> {
    const popup = this.page.waitForEvent("popup");
    await this.page.getByRole("button", { name: "Preview" }).click();
    return popup;
  }

  /** Choose a file as the social sharing image. */
  async chooseSocialImage(file: FileToUpload): Promise<void> {
    await this.socialImage.getByLabel("Choose image").setInputFiles(file);
  }

  async removeSocialImage(): Promise<void> {
    await this.socialImage.getByRole("button", { name: "Remove" }).click();
  }
}
