import type { Page } from "@playwright/test";

import { byName, serverPages, type PageRecord } from "./api";
import { expect, test } from "./fixtures";

// The tree screen embeds the children of open top-level pages only while a row budget holds
// (read_model.FIRST_PAINT_ROWS); the open pages past it come without children and the tree
// loads them as it starts. The demo is far below the budget, so the screen's HTML is cut here
// as the server cuts it for a large site: every child list from About us on is left out.

interface EmbeddedPage {
  id: number;
  parent_page_id: number | null;
  position: number;
}

/** A page as pages.json lists it, with the fields that decide whether it starts open. */
type TreeRecord = PageRecord & { news_page: boolean; child_count: number };

const INITIAL_DATA = /(<script id="initial-data" type="application\/json">)(.*?)(<\/script>)/s;

/** JSON inside a script element, escaped as the server's json_for_script does. */
function forScript(json: string): string {
  return json.replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

/** Serve the tree screen without the children of the top-level pages from `firstLeftOut` on. */
async function embedPastBudget(page: Page, firstLeftOut: number): Promise<void> {
  await page.route(/\/admin\/en\/pages$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      INITIAL_DATA,
      (_match, open: string, json: string, close: string) => {
        const data = JSON.parse(json) as { pages: EmbeddedPage[] };
        const cut = data.pages.find((record) => record.id === firstLeftOut)?.position ?? 0;
        const leftOut = new Set(
          data.pages
            .filter((record) => record.parent_page_id === null && record.position >= cut)
            .map((record) => record.id),
        );
        data.pages = data.pages.filter((record) => !leftOut.has(record.parent_page_id ?? 0));
        return `${open}${forScript(JSON.stringify(data))}${close}`;
      },
    );
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    await route.fulfill({ response, headers, body: html });
  });
}

/**
 * The address of a call for a page's children: alone (`parent_id=`), or with other nodes'
 * (`parent_ids=`, a comma-separated list), as the tree asks for nodes that start open.
 */
function childrenAddress(parentId: number): RegExp {
  return new RegExp(`/admin/en/pages\\.json\\?(parent_id=${parentId}|parent_ids=([^&]*,)?${parentId}(,[^&]*)?)$`);
}

/** Hold the call that asks for a page's children until the returned function is called. */
async function holdChildren(page: Page, parentId: number): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(childrenAddress(parentId), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The level of the focused row (null: no row has the focus). */
function focusedRow(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute("role") === "treeitem" ? active.getAttribute("aria-level") : null;
  });
}

test("an open top-level page the screen embeds without children loads them as it starts; the keyboard works meanwhile", async ({
  page,
  pageTree,
}) => {
  const pages = await serverPages(page);
  const about = byName(pages, "About us");
  await embedPastBudget(page, about.id);
  const release = await holdChildren(page, about.id);
  const children = page.waitForResponse((response) => childrenAddress(about.id).test(response.url()));
  const childCalls: string[] = [];
  page.on("request", (request) => {
    if (/\/pages\.json\?parent_ids?=/.test(request.url())) childCalls.push(request.url());
  });

  await page.goto(pageTree.path);
  const embedded = JSON.parse((await page.locator("#initial-data").textContent()) ?? "{}") as {
    pages: EmbeddedPage[];
  };
  expect(embedded.pages.filter((record) => record.parent_page_id === about.id)).toEqual([]);
  // Open (the default for a top-level page), its children on their way.
  const row = pageTree.row("About us");
  await expect(row).toHaveAttribute("aria-expanded", "true");
  await expect(row).toHaveAttribute("aria-busy", "true");
  await expect(row).toContainText("Loading…");
  await expect(pageTree.row("History")).toHaveCount(0);

  // The keyboard works before they arrive: down to the next top-level page, and back.
  await row.focus();
  await page.keyboard.press("ArrowDown");
  await expect(row).not.toBeFocused();
  await expect.poll(() => focusedRow(page)).toBe("2");
  await page.keyboard.press("ArrowUp");
  await expect(row).toBeFocused();

  release();
  expect((await children).ok()).toBe(true);
  // The open pages past the cut, About us first, were asked for in one call.
  const openPastCut = (pages as TreeRecord[])
    .filter((record) => record.parent_page_id === null && record.position >= about.position)
    .filter((record) => record.status !== 4 && !record.news_page && record.child_count > 0)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((record) => record.id);
  expect(openPastCut.length).toBeGreaterThan(1);
  expect(childCalls).toEqual([expect.stringContaining(`pages.json?parent_ids=${openPastCut.join(",")}`)]);
  await expect(pageTree.row("History")).toHaveAttribute("aria-level", "3");
  await expect(row).not.toHaveAttribute("aria-busy");
  await expect(row).not.toContainText("Loading…");
  await expect(row).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => focusedRow(page)).toBe("3");
  await pageTree.loaded(); // every other open page past the cut loaded its children too
});
