/**
 * Screenshots for people to look at (each spec says where it keeps them): taken unless CI=true,
 * where nobody opens them. There they cost the browser about a tenth of the run, fullPage ones
 * most. E2E_SCREENSHOTS=1 takes them anyway, E2E_SCREENSHOTS=0 never.
 */
const TAKEN = process.env.E2E_SCREENSHOTS
  ? process.env.E2E_SCREENSHOTS === "1"
  : !process.env.CI;

/** A page's or an element's screenshot, as its own `screenshot(options)` takes it. */
export async function screenshot<Options>(
  target: { screenshot(options?: Options): Promise<Buffer> },
  options: Options,
): Promise<void> {
  if (TAKEN) await target.screenshot(options);
}
