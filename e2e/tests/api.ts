// The pages API the screens use, called with the page's own session: to set a test up and to
// check what the server stored.
import { expect, type Page } from "@playwright/test";

import type { FileToUpload } from "./pages/PageEditor";

export interface PageRecord {
  id: number;
  parent_page_id: number | null;
  position: number;
  status: number;
  published_at: string;
  blocks: { name: Record<string, string> };
}

/** Create a page (a draft unless `fields` say otherwise) and return what the server stored. */
export async function createPage(
  page: Page,
  fields: Record<string, unknown>,
  locale = "en",
): Promise<PageRecord> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value;
  const response = await page.request.post(`/admin/${locale}/pages.json`, {
    data: { page: { status: 0, ...fields } },
    headers: { "X-CSRFToken": csrf ?? "", "X-Requested-With": "XMLHttpRequest" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as PageRecord;
}

/** The server's whole tree (GET pages.json). */
export async function serverPages(page: Page, locale = "en"): Promise<PageRecord[]> {
  const response = await page.request.get(`/admin/${locale}/pages.json`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as PageRecord[];
}

/** The page with this English name. */
export function byName(pages: PageRecord[], name: string): PageRecord {
  const found = pages.find((record) => record.blocks.name.en === name);
  if (!found) throw new Error(`No page named ${name}`);
  return found;
}

/** Names of a page's children in the server's order (deleted ones included). */
export function childNames(pages: PageRecord[], parentId: number | null): string[] {
  return pages
    .filter((record) => record.parent_page_id === parentId)
    .sort((a, b) => a.position - b.position)
    .map((record) => record.blocks.name.en ?? "");
}

/** Delete a page (status 4) a test made, so later tests find the tree as the demo has it. */
export async function deletePage(page: Page, id: number): Promise<void> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value;
  const response = await page.request.put(`/admin/en/pages/${id}.json`, {
    data: { page: { status: 4 } },
    headers: { "X-CSRFToken": csrf ?? "", "X-Requested-With": "XMLHttpRequest" },
  });
  expect(response.status()).toBe(200);
}

/** The CSRF token of the page's session, for write calls. */
export async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === "csrftoken")?.value ?? "";
}

/** Upload a PNG drawn by the browser (640x360) to the image library; return its id. */
export async function uploadImage(page: Page, name: string): Promise<number> {
  const response = await page.request.post("/admin/images.json", {
    multipart: { "image[file]": await drawnPng(page, name, 640, 360, "#1971c2") },
    headers: { "X-CSRFToken": await csrf(page), "X-Requested-With": "XMLHttpRequest" },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

/** Upload a small text file to the file library, named in English; return its id. */
export async function uploadFile(
  page: Page,
  name: string,
  englishName = "Timetable for the long summer season",
): Promise<number> {
  const response = await page.request.post("/admin/attachments.json", {
    multipart: {
      "attachment[file]": { name, mimeType: "text/plain", buffer: Buffer.from("Timetable\n") },
      "attachment[name][en]": englishName,
    },
    headers: { "X-CSRFToken": await csrf(page), "X-Requested-With": "XMLHttpRequest" },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

/** A 400x300 PNG drawn by the browser, to upload as an editor would. */
export async function picture(page: Page, name: string): Promise<FileToUpload> {
  return drawnPng(page, name, 400, 300, "#1d5c63");
}

/** A PNG of one colour drawn by the browser's canvas. */
async function drawnPng(page: Page, name: string, width: number, height: number, colour: string): Promise<FileToUpload> {
  const dataUrl = await page.evaluate(
    ([w, h, fill]) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      context.fillStyle = fill;
      context.fillRect(0, 0, w, h);
      return canvas.toDataURL("image/png");
    },
    [width, height, colour] as const,
  );
  return { name, mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1] ?? "", "base64") };
}
