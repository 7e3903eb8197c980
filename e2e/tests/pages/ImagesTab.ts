import { expect, type Locator, type Page } from "@playwright/test";

import type { FileToUpload } from "./PageEditor";

/**
 * The editor's Images tab as an editor sees it: the main image, the other images, and the image
 * metadata dialog (crop, focal point, alternative text and caption per locale).
 */
export class ImagesTab {
  readonly main: Locator;
  readonly others: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole("region", { name: "Main image" });
    this.others = page.getByRole("region", { name: /^Other images/ });
    this.dialog = page.getByRole("dialog");
  }

  /** Upload files on the main image: the first becomes primary, the rest join the others. */
  async uploadMain(files: FileToUpload[]): Promise<void> {
    await this.main.getByLabel(/Upload (new )?main image/).setInputFiles(files);
  }

  async uploadOthers(files: FileToUpload[]): Promise<void> {
    await this.others.getByLabel("Add images").setInputFiles(files);
  }

  /** Wait until no upload is on its way. */
  async uploadsDone(): Promise<void> {
    await expect(this.page.getByText("Uploading...")).toHaveCount(0);
  }

  /** The file names shown in an area, in order. */
  names(area: Locator): Locator {
    return area.locator(".image-card__name");
  }

  card(area: Locator, filename: string): Locator {
    return area.getByRole("listitem").filter({ hasText: filename });
  }

  thumbnail(area: Locator, filename: string): Locator {
    return this.card(area, filename).getByRole("button", { name: /^Edit image/ }).locator("img");
  }

  altMissing(area: Locator, filename: string): Locator {
    return this.card(area, filename).getByRole("img", { name: "Alternative text is missing" });
  }

  async makePrimary(filename: string): Promise<void> {
    await this.card(this.others, filename).getByRole("button", { name: "Make primary" }).click();
  }

  async openEditor(area: Locator, filename: string): Promise<void> {
    await this.card(area, filename).getByRole("button", { name: /^Edit image/ }).click();
    await expect(this.dialog).toBeVisible();
  }

  /** A text field of the dialog, in one locale's group ('English', 'Norsk bokmål' …). */
  dialogField(localeName: string, label: "Alternative text" | "Caption"): Locator {
    return this.dialog.getByRole("group", { name: localeName }).getByLabel(label, { exact: true });
  }

  async chooseAspect(label: string): Promise<void> {
    await this.dialog.getByRole("group", { name: "Aspect ratio" }).getByRole("button", { name: label, exact: true }).click();
  }

  async toggleFocalPoint(): Promise<void> {
    await this.dialog.getByRole("button", { name: "Focal point", exact: true }).click();
  }

  async saveImage(): Promise<void> {
    await this.dialog.getByRole("button", { name: "Save image" }).click();
    await expect(this.dialog).toBeHidden();
  }
}
