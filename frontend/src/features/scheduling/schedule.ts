// Pure rules of scheduling a change: the time first offered, and whether a time may be chosen.

/** The time the dialog offers first: the next full hour, at least 15 minutes away. */
export function defaultTime(now: Date): Date {
  const next = new Date(now.getTime() + 15 * 60_000);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}

/** How many years ahead a change may be scheduled (the dialog's year list). */
export const YEARS_AHEAD = 5;

/** The years the dialog offers: a time past can't be scheduled, so this year and a few ahead. */
export function scheduleYears(now: Date): { first: number; last: number } {
  const year = now.getFullYear();
  return { first: year, last: year + YEARS_AHEAD };
}

/** Whether a change may be scheduled at `at`: only in the future. */
export function inFuture(at: Date, now: Date): boolean {
  return at.getTime() > now.getTime();
}

/** The errors of a refused change as one line each: "Name: can't be blank", or the message. */
export function errorLines(
  errors: readonly (readonly string[])[],
  labelOf: (attribute: string) => string,
): string[] {
  return errors.map(([attribute = '', text = '']) => {
    const label = labelOf(attribute);
    return label ? `${label}: ${text}` : text;
  });
}
