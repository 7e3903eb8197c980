import { mkdirSync } from "node:fs";

import { createPage } from "./api";
import { expect, test } from "./fixtures";
import { screenshot } from "./screenshots";
import { FileLibrary, FilesTab } from "./pages/FilesTab";
import type { FileToUpload } from "./pages/PageEditor";

const SCREENS = "../test-output/screens";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const TEXT = "Ferry departures: 07:15, 09:40, 12:05\n";

/** A minimal one-page PDF, built byte by byte with a correct cross-reference table. */
function minimalPdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

test("an editor uploads two files, orders and names them, saves, removes one, and the library finds the other", async ({
  page,
  editor,
}) => {
  mkdirSync(SCREENS, { recursive: true });
  const files = new FilesTab(page);
  const { id } = await createPage(page, { name: "Ferry info", template: "page" });
  await editor.open("en", id, "files");
  await expect(editor.tab("Files")).toHaveAttribute("aria-selected", "true");

  const text: FileToUpload = { name: "ferry_times.txt", mimeType: "text/plain", buffer: Buffer.from(TEXT) };
  const pdf: FileToUpload = { name: "harbour_map.pdf", mimeType: "application/pdf", buffer: minimalPdf() };
  await files.upload([text, pdf]);
  await files.uploadsDone();
  // Named after the filename without extension, underscores turned into spaces.
  await expect(files.names()).toHaveText(["ferry times", "harbour map"]);

  // Reorder: the map first (by keyboard), then back and forth by drag.
  await files.moveWithKeyboard("harbour map", "ArrowUp");
  await expect(files.names()).toHaveText(["harbour map", "ferry times"]);
  await files.drag("ferry times", "harbour map");
  await expect(files.names()).toHaveText(["ferry times", "harbour map"]);
  await files.drag("ferry times", "harbour map");
  await expect(files.names()).toHaveText(["harbour map", "ferry times"]);

  // Names in English and Norwegian, through the dialog.
  await files.openEditor("ferry times");
  await expect(files.dialog.getByText("[attachment:")).toBeVisible();
  await files.dialogField("English", "Name").fill("Ferry timetable");
  await files.dialogField("Norsk bokmål", "Name").fill("Fergerute");
  await files.dialogField("English", "Description").fill("Departures from the quay");
  await expect(files.dialogField("العربية", "Name")).toHaveAttribute("dir", "rtl");
  await page.setViewportSize(DESKTOP);
  await screenshot(page, { path: `${SCREENS}/files-dialog-desktop.png` });
  await page.setViewportSize(PHONE);
  await screenshot(page, { path: `${SCREENS}/files-dialog-phone.png` });
  await page.setViewportSize(DESKTOP);
  await files.saveFile();
  await expect(files.names()).toHaveText(["harbour map", "Ferry timetable"]);

  await editor.saveAndExpectSuccess();
  await page.reload();
  await expect(editor.tab("Files")).toHaveAttribute("aria-selected", "true");
  await expect(files.names()).toHaveText(["harbour map", "Ferry timetable"]);
  await screenshot(page, { path: `${SCREENS}/files-tab-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await screenshot(page, { path: `${SCREENS}/files-tab-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);

  // The Norwegian name shows in the Norwegian editor; the download link answers the file.
  await editor.open("nb", id, "files");
  await expect(files.names()).toHaveText(["harbour map", "Fergerute"]);
  await files.openEditor("Fergerute");
  const link = files.dialog.getByRole("link", { name: "Download ferry_times.txt" });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/files\/\d+\/ferry_times\.txt$/);
  const download = await page.request.get(href ?? "");
  expect(download.status()).toBe(200);
  expect(await download.text()).toBe(TEXT);
  await page.keyboard.press("Escape");
  await expect(files.dialog).toBeHidden();

  // Remove the map and save: only the timetable stays.
  await files.remove("harbour map");
  await expect(files.names()).toHaveText(["Fergerute"]);
  await expect(page.getByRole("button", { name: "Put back harbour map" })).toBeVisible();
  await editor.saveAndExpectSuccess();
  await page.reload();
  await expect(files.names()).toHaveText(["Fergerute"]);

  // The library finds the file by its name, with the page using it.
  const library = new FileLibrary(page);
  await library.open("en");
  await library.search("Ferry timetable");
  await expect(library.item("Ferry timetable")).toBeVisible();
  await expect(library.item("Ferry timetable").getByRole("link", { name: "Ferry info" })).toHaveAttribute(
    "href",
    `/admin/en/pages/${id}/edit#files`,
  );
  await screenshot(page, { path: `${SCREENS}/files-library-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await screenshot(page, { path: `${SCREENS}/files-library-phone.png`, fullPage: true });
});
