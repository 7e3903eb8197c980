// The working copy in the browser's storage: written at once as the user types, so a crashed
// tab or a dead network loses nothing; read back when the page is opened again.
import type { CopyTarget, WorkingCopy, WorkingPayload } from './types';

const PREFIX = 'cms.workingCopy';

/** The storage key of a user's copy of a page in a locale. */
export function localKey({ userId, pageId, locale }: CopyTarget): string {
  return `${PREFIX}:${userId}:${pageId}:${locale}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Return the copy kept under the key; null when there is none or it cannot be read. */
export function readLocal(storage: Storage | null, target: CopyTarget): WorkingCopy | null {
  let text: string | null = null;
  try {
    text = storage?.getItem(localKey(target)) ?? null;
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || typeof parsed.savedAt !== 'string') return null;
    const { payload } = parsed;
    if (!isRecord(payload) || !isRecord(payload.page)) return null;
    return { payload: { page: payload.page }, savedAt: parsed.savedAt };
  } catch {
    return null;
  }
}

/** Keep a copy; false when the browser refuses (storage full or blocked). */
export function writeLocal(
  storage: Storage | null,
  target: CopyTarget,
  copy: WorkingCopy,
): boolean {
  try {
    storage?.setItem(localKey(target), JSON.stringify(copy));
    return storage !== null;
  } catch {
    return false;
  }
}

export function clearLocal(storage: Storage | null, target: CopyTarget): void {
  try {
    storage?.removeItem(localKey(target));
  } catch {
    // Blocked storage holds nothing to clear.
  }
}

/** Return the copy kept last of two (either may be missing). */
export function newer(a: WorkingCopy | null, b: WorkingCopy | null): WorkingCopy | null {
  if (!a || !b) return a ?? b;
  return Date.parse(b.savedAt) > Date.parse(a.savedAt) ? b : a;
}

/** Fields of a payload that say nothing of its content. */
const NOT_CONTENT = new Set(['lock_version', '_method']);

/**
 * Whether a copy changes nothing of what `stored` holds: each field it carries (the version it
 * was made from and the form's method aside) holds the stored value, an empty text the same as
 * a missing one. A field it does not carry stays as the form has it when restored.
 */
export function changesNothing(copy: WorkingPayload, stored: WorkingPayload): boolean {
  for (const [key, value] of Object.entries(copy.page)) {
    if (NOT_CONTENT.has(key)) continue;
    if (canonical(value ?? '') !== canonical(stored.page[key] ?? '')) return false;
  }
  return true;
}

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * JSON with every object's keys in order and every moment in one form: the server answers a
 * payload as it parsed it (its keys reordered, "…T10:00:00Z" for "…T10:00:00.000Z").
 */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (isRecord(item))
      return Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)));
    if (typeof item === 'string' && ISO_MOMENT.test(item)) {
      const time = Date.parse(item);
      return Number.isNaN(time) ? item : new Date(time).toISOString();
    }
    return item;
  });
}
