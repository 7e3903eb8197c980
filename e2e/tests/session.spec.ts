import { expect, request, test } from "@playwright/test";

import { logIn } from "./fixtures";

// scripts/e2e.sh serves with two gunicorn workers: a session that lived in one worker's memory
// would still work on about half the requests after logging out.
test("after logging out, the old session cookie is refused by every worker", async ({ page, baseURL }) => {
  await logIn(page, "/admin/en/pages");
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "sessionid");
  expect(session).toBeDefined();
  const withOldCookie = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `sessionid=${session!.value}` },
  });
  const statuses = async () => {
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await withOldCookie.get("/admin/en/templates.json")).status());
    return answers;
  };

  // Both workers have served (and could have cached) the session before the logout.
  expect(await statuses()).toEqual(Array(20).fill(200));
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/admin\/login\//);

  expect(await statuses()).toEqual(Array(20).fill(401));
  await withOldCookie.dispose();
});
