import { expect, type Locator, type Page } from "@playwright/test";

/** Create a page through the API the editor uses and return its id. */
export async function createPage(
  page: Page,
  fields: Record<string, unknown>,
  locale = "en",
): Promise<number> {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === "csrftoken")?.value ?? "";
  const response = await page.request.post(`/admin/${locale}/pages.json`, {
    data: { page: { status: 0, ...fields } },
    headers: { "X-CSRFToken": csrf },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { id: number };
  return body.id;
}

/** The page editor screen, region by region. */
export class EditorScreen {
  constructor(readonly page: Page) {}

  async open(locale: string, id: number | "new", tab = ""): Promise<void> {
    const path = id === "new" ? `/admin/${locale}/pages/new` : `/admin/${locale}/pages/${id}/edit`;
    await this.page.goto(tab ? `${path}#${tab}` : path);
    await expect(this.tab("Content")).toBeVisible();
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  tab(name: string): Locator {
    return this.page.getByRole("tab", { name, exact: true });
  }

  get sidebar(): Locator {
    return this.page.getByRole("complementary", { name: "Page options" });
  }

  get toast(): Locator {
    return this.page.locator(".toast");
  }

  async save(): Promise<void> {
    await this.page.getByRole("button", { name: "Save", exact: true }).click();
  }

  async saveAndExpectSuccess(): Promise<void> {
    await this.save();
    await expect(this.toast).toHaveText("Your changes were saved");
    await expect(this.page.getByText("All changes saved")).toBeVisible();
  }
}
