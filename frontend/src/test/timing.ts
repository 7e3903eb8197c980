// Wall-clock checks in component tests: the machine is shared (CI runs test files in parallel,
// other jobs run beside them), so one run can be slowed by what else runs. A check takes the
// fastest of a few runs against the same target: a slow tree fails every run, a busy machine
// only some.

/**
 * Run `measure` (which answers the milliseconds it timed) up to `runs` times and answer the
 * fastest; stops at the first run within `target` (the fastest is then within it too).
 */
export async function fastestOf(
  runs: number,
  target: number,
  measure: () => number | Promise<number>,
): Promise<number> {
  let fastest = Infinity;
  for (let run = 0; run < runs && fastest >= target; run += 1) {
    fastest = Math.min(fastest, await measure());
  }
  return fastest;
}
