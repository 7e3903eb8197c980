// What the review add-on decides from the page and the form, without React: whether a save
// would change what visitors see (then it is submitted for review), and which of the page's
// changes the banner speaks of.
import type { Review, Template } from '../../api/types';
import { visitorsReach } from '../../lib/page';

/**
 * Whether saving would change what visitors see (DESIGN §3): the page is reachable now (its
 * stored status published or hidden) or the form's status would make it so. The server decides
 * with the ancestors and dates too; a save it refuses says so.
 */
export function mustSubmit(savedStatus: number, draftStatus: number): boolean {
  return visitorsReach(savedStatus) || visitorsReach(draftStatus);
}

/**
 * The change the author's banner tells of: their newest one if it waits or was sent back (a
 * withdrawn or approved change is history, shown in the list only).
 */
export function currentReview(reviews: readonly Review[], userId: number): Review | null {
  const mine = reviews.filter((review) => review.user?.id === userId);
  const newest = mine.reduce<Review | null>(
    (best, review) => (best === null || review.id > best.id ? review : best),
    null,
  );
  if (!newest) return null;
  return newest.state === 'waiting' || newest.state === 'changes_requested' ? newest : null;
}

/** The reviewer's words with the newest decision (requesting changes), if any. */
export function decisionComment(review: Review): string {
  const said = review.comments.filter((comment) => comment.kind === review.state);
  return said.length > 0 ? (said[said.length - 1]?.text ?? '') : '';
}

/**
 * A name set apart from the sentence around it (Unicode's first-strong isolate): a Latin name
 * in an Arabic sentence keeps the words after it in their place.
 */
export function isolate(name: string): string {
  return `\u2068${name}\u2069`;
}

/** The payload fields a locale has of its own besides its localized blocks (the server's rule). */
const OWN_FIELDS: ReadonlySet<string> = new Set(['name', 'path_segment']);

/** The names of the blocks any template keeps per locale. */
export function localizedBlocks(templates: readonly Template[]): Set<string> {
  const names = new Set<string>();
  for (const template of templates) {
    for (const block of [...template.blocks, ...template.metadata_blocks]) {
      if (block.localized) names.add(block.name);
    }
  }
  return names;
}

/**
 * What the author's working copies in other locales add to a submitted change (issue 32,
 * item 5): from each copy made from the page as it is now (`lockVersion`; an older one could
 * undo newer work), the fields a locale has of its own — its name, path segment and localized
 * blocks; the page's shared fields go with the locale shown. The server keeps only the values
 * that differ from the live page and drops a locale where none does.
 */
export function otherLocaleChanges(
  copies: ReadonlyArray<{ locale: string; page: Record<string, unknown> }>,
  lockVersion: number,
  localized: ReadonlySet<string>,
): Record<string, Record<string, unknown>> {
  const changes: Record<string, Record<string, unknown>> = {};
  for (const { locale, page } of copies) {
    if (page.lock_version !== lockVersion) continue;
    const own = Object.fromEntries(
      Object.entries(page).filter(([name]) => OWN_FIELDS.has(name) || localized.has(name)),
    );
    if (Object.keys(own).length > 0) changes[locale] = own;
  }
  return changes;
}
