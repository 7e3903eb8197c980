import { expect, type Locator, type Page, type Response } from "@playwright/test";

/** Where a row shows: its parent row, and whether it is that parent's last shown child. */
export interface Place {
  parent: string;
  last: boolean;
}

/**
 * The 'All Pages' screen as an editor sees it: rows by their names, the 'Find a page' box and
 * the messages. A row's name is the page's name, plus its status for any status but Published.
 *
 * A closed row's children load when it opens (the row is aria-busy meanwhile), and remembered
 * open rows load theirs as the screen starts: goto(), reload() and open() wait for them.
 */
export class PageTree {
  readonly tree: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  /** The inline name field of a row being renamed or added. */
  readonly nameField: Locator;
  /** The screen's messages (a failed move, rename or load). */
  readonly toast: Locator;

  constructor(
    readonly page: Page,
    readonly locale = "en",
  ) {
    this.tree = page.getByRole("tree", { name: "All Pages" });
    this.rows = page.getByRole("treeitem");
    this.search = page.getByRole("searchbox", { name: "Find a page" });
    this.nameField = page.getByRole("textbox", { name: "Page name" });
    this.toast = page.getByRole("status");
  }

  /** The screen's address. */
  get path(): string {
    return `/admin/${this.locale}/pages`;
  }

  async goto(): Promise<void> {
    await this.page.goto(this.path);
    await this.loaded();
  }

  async reload(): Promise<void> {
    await this.page.reload();
    await this.loaded();
  }

  /** Wait for the tree, and until every open row shows its children (or says they failed). */
  async loaded(): Promise<void> {
    await expect(this.tree).toBeVisible();
    await expect
      .poll(() => this.rowsWaitingForChildren(), { message: "open rows still without their children" })
      .toEqual([]);
  }

  /** A row by its accessible name: the page name, plus its status for any but Published. */
  row(name: string): Locator {
    return this.page.getByRole("treeitem", { name, exact: true });
  }

  /** The names of the rows shown, top to bottom. */
  async rowNames(): Promise<string[]> {
    return this.rows.evaluateAll((items) => {
        // The row's name as its aria-labelledby composes it: the page's name and status.
        const accessibleName = (item: Element) =>
          (item.getAttribute("aria-labelledby") ?? "")
            .split(" ")
            .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
            .filter(Boolean)
            .join(" ") || (item.getAttribute("aria-label") ?? "");
        return items.map((item) => accessibleName(item));
    });
  }

  /** The shown parent of a row and whether the row is that parent's last shown child. */
  async placeOf(name: string): Promise<Place> {
    return this.rows.evaluateAll((items, wanted) => {
        // The row's name as its aria-labelledby composes it: the page's name and status.
        const accessibleName = (item: Element) =>
          (item.getAttribute("aria-labelledby") ?? "")
            .split(" ")
            .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
            .filter(Boolean)
            .join(" ") || (item.getAttribute("aria-label") ?? "");
      const rows = items.map((item) => ({
        name: accessibleName(item),
        level: Number(item.getAttribute("aria-level")),
      }));
      const index = rows.findIndex((entry) => entry.name === wanted);
      const own = rows[index];
      if (!own) return { parent: "", last: false };
      const parent = rows
        .slice(0, index)
        .reverse()
        .find((entry) => entry.level === own.level - 1);
      const next = rows[index + 1];
      return { parent: parent?.name ?? "", last: !next || next.level < own.level };
    }, name);
  }

  /** The link on a row's name, to the page's editor. */
  nameLink(name: string): Locator {
    return this.row(name).getByRole("link");
  }

  /** One of a row's actions: Rename, Publish, Hide, Delete, Add child, Add page here. */
  action(name: string, action: string): Locator {
    return this.row(name).getByRole("button", { name: action });
  }

  /** A row's menu button, which holds its actions on narrow and touch screens. */
  menuButton(name: string): Locator {
    return this.row(name).getByRole("button", { name: `Actions for ${name.replace(/ (Draft|Reviewed|Hidden|Deleted)$/, "")}` });
  }

  /** The group of a row's actions (they fade in and out together). */
  actions(name: string): Locator {
    return this.row(name).locator(".tree-row__actions");
  }

  dragHandle(name: string): Locator {
    return this.row(name).getByTitle("Drag to move");
  }

  /** Click a row's open/close toggle, without waiting for anything to load. */
  async clickToggle(name: string): Promise<void> {
    const toggle = this.row(name).getByTitle(/^(Expand|Collapse)$/);
    await toggle.click();
  }

  /** Open a closed row and wait until its children show. */
  async open(name: string): Promise<void> {
    await expect(this.row(name)).toHaveAttribute("aria-expanded", "false");
    await this.clickToggle(name);
    await expect(this.row(name)).toHaveAttribute("aria-expanded", "true");
    await this.loaded();
  }

  /** Close an open row. */
  async close(name: string): Promise<void> {
    await expect(this.row(name)).toHaveAttribute("aria-expanded", "true");
    await this.clickToggle(name);
    await expect(this.row(name)).toHaveAttribute("aria-expanded", "false");
  }

  /**
   * Press on a row (on its drag handle or its name) and move the pointer by (dx, dy) with real
   * mouse events, in small steps like a hand would.
   */
  async dragRow(name: string, dx: number, dy: number, grip: "handle" | "name" = "handle"): Promise<void> {
    const target = grip === "handle" ? this.dragHandle(name) : this.nameLink(name);
    const box = await target.boundingBox();
    if (!box) throw new Error(`No ${grip} to drag on ${name}`);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y + dy, { steps: 12 });
    await this.page.mouse.up();
  }

  /** Drag a row by its name onto another row's name with Playwright's dragTo. */
  async dragOnto(name: string, target: string): Promise<void> {
    await this.nameLink(name).dragTo(this.nameLink(target));
  }

  /** Click a row's Rename and wait for the name field to take the focus. */
  async startRename(name: string): Promise<void> {
    await this.action(name, "Rename").click();
    await expect(this.nameField).toBeFocused();
  }

  /** Rename a row inline, saving with Enter. */
  async rename(name: string, newName: string): Promise<void> {
    await this.startRename(name);
    await this.nameField.fill(newName);
    await this.nameField.press("Enter");
  }

  /** Click a row's Add child and wait for the new row's name field to take the focus. */
  async startAddingChild(parent: string): Promise<void> {
    await this.action(parent, "Add child").click();
    await expect(this.nameField).toBeFocused();
  }

  /** Add a child page under a row by name with the Save button; resolve the server's answer. */
  async addChild(parent: string, name: string): Promise<Response> {
    await this.startAddingChild(parent);
    await this.nameField.fill(name);
    const created = this.page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().endsWith("/pages.json"),
    );
    await this.saveName();
    return created;
  }

  /** Save the name being edited with the Save button. */
  async saveName(): Promise<void> {
    await this.page.getByRole("button", { name: "Save" }).click();
  }

  /** Leave the name being edited with the Cancel button. */
  async cancelName(): Promise<void> {
    await this.page.getByRole("button", { name: "Cancel" }).click();
  }

  /** Click a hidden (or draft) row's Publish. */
  async publish(name: string): Promise<void> {
    await this.action(name, "Publish").click();
  }

  /** Click a published row's Hide. */
  async hide(name: string): Promise<void> {
    await this.action(name, "Hide").click();
  }

  /**
   * The confirmation a row's Delete opens: the specification's question, what goes with the
   * page, and (when the server has told) the pages linking to it (issue 33).
   */
  get deleteDialog(): Locator {
    return this.page.getByRole("dialog", { name: "Delete page" });
  }

  /** Click a row's Delete; it asks in a dialog (deleteDialog), which the test answers. */
  async delete(name: string): Promise<void> {
    await this.action(name, "Delete").click();
    await expect(this.deleteDialog).toBeVisible();
  }

  /** Answer the delete confirmation: Delete, or Cancel. */
  async answerDelete(yes: boolean): Promise<void> {
    await this.deleteDialog.getByRole("button", { name: yes ? "Delete" : "Cancel", exact: true }).click();
    await expect(this.deleteDialog).toBeHidden();
  }

  /** Type into 'Find a page' (an empty text clears the search). */
  async find(text: string): Promise<void> {
    await this.search.fill(text);
  }

  /** Rows still loading their children, and open rows not (yet) showing any. */
  private async rowsWaitingForChildren(): Promise<string[]> {
    return this.rows.evaluateAll((items) => {
        // The row's name as its aria-labelledby composes it: the page's name and status.
        const accessibleName = (item: Element) =>
          (item.getAttribute("aria-labelledby") ?? "")
            .split(" ")
            .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
            .filter(Boolean)
            .join(" ") || (item.getAttribute("aria-label") ?? "");
      return items
        .filter((item, index) => {
          if (item.getAttribute("aria-busy") === "true") return true;
          if (item.getAttribute("aria-expanded") !== "true") return false;
          // A row whose children failed to load says so (and offers Retry).
          if (item.querySelector(".tree-row__load-error")) return false;
          const next = items[index + 1];
          return !!next && Number(next.getAttribute("aria-level")) <= Number(item.getAttribute("aria-level"));
        })
        .map((item) => accessibleName(item));
    });
  }
}
