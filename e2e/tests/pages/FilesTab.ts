import { expect, type Locator, type Page } from "@playwright/test";

import type { FileToUpload } from "./PageEditor";

/**
 * The editor's Files tab as an editor sees it: the attachments list in order, uploads, the
 * removed files, and the attachment dialog (name and description per locale, embed code).
 */
export class FilesTab {
  readonly list: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.list = page.locator("ol.attachment-list");
    this.dialog = page.getByRole("dialog");
  }

  async upload(files: FileToUpload[]): Promise<void> {
    await this.page.getByLabel("Add files").setInputFiles(files);
  }

  /** Wait until no upload is on its way. */
  async uploadsDone(): Promise<void> {
    await expect(this.page.getByText("Uploading...")).toHaveCount(0);
  }

  /** The names shown in the list, in order. */
  names(): Locator {
    return this.list.locator(".attachment-row__name");
  }

  row(name: string): Locator {
    return this.list.getByRole("listitem").filter({ hasText: name });
  }

  /** Move a file one place with the keyboard: focus its handle, Space, an arrow, Space. */
  async moveWithKeyboard(name: string, direction: "ArrowUp" | "ArrowDown"): Promise<void> {
    const handle = this.page.getByRole("button", { name: `Move ${name}`, exact: true });
    const from = (await this.names().allTextContents()).indexOf(name) + 1;
    const to = direction === "ArrowUp" ? from - 1 : from + 1;
    await handle.focus();
    await this.page.keyboard.press("Space");
    // Lifted: dnd-kit marks the handle pressed once it has measured the list.
    await expect(handle).toHaveAttribute("aria-pressed", "true");
    // An arrow pressed before dnd-kit has measured the rows is lost: press until the move is
    // announced (the list's own announcement, in its live region).
    // Its new place, not the one it was lifted from (dnd-kit announces that too).
    const moved = this.page.getByText(new RegExp(`^${name} is at position ${to} of`));
    await expect(async () => {
      await this.page.keyboard.press(direction);
      await expect(moved).toHaveCount(1, { timeout: 500 });
    }).toPass();
    await this.page.keyboard.press("Space");
    await expect(handle).not.toHaveAttribute("aria-pressed", "true");
  }

  /** Drag a file by its handle onto another one's place. */
  async drag(name: string, onto: string): Promise<void> {
    const handle = this.page.getByRole("button", { name: `Move ${name}`, exact: true });
    const target = this.row(onto);
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error("The rows are not on screen");
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 3 });
    await this.page.mouse.move(to.x + from.width / 2, to.y + to.height / 2, { steps: 10 });
    await this.page.mouse.up();
  }

  async openEditor(name: string): Promise<void> {
    // Right after a drag the first click sometimes opens nothing (seen in about one run in
    // three, cause not yet found; noted on the attachments issue): click until it opens.
    await expect(async () => {
      await this.page.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
      await expect(this.dialog).toBeVisible({ timeout: 1_000 });
    }).toPass();
  }

  /** A text field of the dialog, in one locale's group ('English', 'Norsk bokmål' …). */
  dialogField(localeName: string, label: "Name" | "Description"): Locator {
    return this.dialog.getByRole("group", { name: localeName }).getByLabel(label, { exact: true });
  }

  async saveFile(): Promise<void> {
    await this.dialog.getByRole("button", { name: "Save file" }).click();
    await expect(this.dialog).toBeHidden();
  }

  async remove(name: string): Promise<void> {
    await this.page.getByRole("button", { name: `Remove ${name}`, exact: true }).click();
  }
}

/** The file library at /admin/attachments. */
export class FileLibrary {
  constructor(readonly page: Page) {}

  async open(locale: string): Promise<void> {
    await this.page.goto(`/admin/attachments?locale=${locale}`);
    await expect(this.page.getByRole("heading", { name: "Files", level: 1 })).toBeVisible();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole("searchbox", { name: "Search" }).fill(text);
    await this.page.getByRole("button", { name: "Search", exact: true }).click();
  }

  item(name: string): Locator {
    return this.page.locator(".file-library__item").filter({ hasText: name });
  }
}
