// The bulk actions as data (issue 33): what each needs besides the pages, the call it makes,
// what its confirmation says will go live or go away, how a job's results add up, and how
// often a running job is asked how it goes.
import type { BulkAction, BulkJob, BulkRequest, BulkResult } from '../../api/types';
import { t } from '../../i18n';
import type { MessageKey } from '../../i18n';
import type { ParentChoice } from '../../entities/pages/api';

/** What an action asks for before its confirmation: a parent page, a tag, or nothing. */
export type ActionNeeds = 'parent' | 'tag' | null;

interface ActionSpec {
  action: BulkAction;
  label: MessageKey;
  needs: ActionNeeds;
  /** Takes pages away from visitors: its button says so. */
  danger: boolean;
}

/** The bar's actions, in the order they show. */
export const ACTIONS: readonly ActionSpec[] = [
  { action: 'publish', label: 'bulk.action.publish', needs: null, danger: false },
  { action: 'hide', label: 'bulk.action.hide', needs: null, danger: false },
  { action: 'unpublish', label: 'bulk.action.unpublish', needs: null, danger: true },
  { action: 'delete', label: 'bulk.action.delete', needs: null, danger: true },
  { action: 'move', label: 'bulk.action.move', needs: 'parent', danger: false },
  { action: 'tag', label: 'bulk.action.tag', needs: 'tag', danger: false },
  { action: 'untag', label: 'bulk.action.untag', needs: 'tag', danger: false },
  { action: 'submit', label: 'bulk.action.submit', needs: null, danger: false },
];

/** An action with what it needs chosen: the parent (null: the top level), the tag. */
export type BulkChoice =
  | { action: 'publish' | 'hide' | 'unpublish' | 'delete' | 'submit' }
  | { action: 'move'; parent: ParentChoice | null }
  | { action: 'tag' | 'untag'; tag: string };

export function actionSpec(action: BulkAction): ActionSpec {
  const spec = ACTIONS.find((item) => item.action === action);
  if (!spec) throw new Error(`Unknown bulk action ${action}`);
  return spec;
}

/** The body of POST bulk.json for a choice and the selected pages. */
export function bulkRequest(choice: BulkChoice, pageIds: readonly number[]): BulkRequest {
  const request: BulkRequest = { action: choice.action, page_ids: [...pageIds] };
  if (choice.action === 'move') request.parent_page_id = choice.parent?.id ?? null;
  if (choice.action === 'tag' || choice.action === 'untag') request.tag = choice.tag;
  return request;
}

/** A name or a tag inside a sentence, isolated so a right-to-left one keeps its place. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** What the confirmation says: how many pages, and what visitors will see of it. */
export function confirmation(choice: BulkChoice, count: number): string {
  switch (choice.action) {
    case 'move':
      return choice.parent
        ? t('bulk.confirm.moveUnder', { count, parent: isolate(choice.parent.name) })
        : t('bulk.confirm.moveTop', { count });
    case 'tag':
    case 'untag':
      return t(`bulk.confirm.${choice.action}`, { count, tag: isolate(choice.tag) });
    default:
      return t(`bulk.confirm.${choice.action}`, { count });
  }
}

/** The confirmation button's words: the action, without the '…' of a step to come. */
export function confirmLabel(action: BulkAction): string {
  if (action === 'move' || action === 'tag' || action === 'untag') return t(`bulk.do.${action}`);
  return t(actionSpec(action).label);
}

export interface Tally {
  done: number;
  refused: BulkResult[];
  failed: BulkResult[];
}

/** A job's results by outcome: the pages done counted, the others listed with their reason. */
export function tally(results: readonly BulkResult[]): Tally {
  const sums: Tally = { done: 0, refused: [], failed: [] };
  for (const result of results) {
    if (result.outcome === 'done') sums.done += 1;
    else if (result.outcome === 'refused') sums.refused.push(result);
    else sums.failed.push(result);
  }
  return sums;
}

/** The first poll comes this long after the job is accepted, and again while it moves. */
export const FIRST_POLL_MS = 1000;
/** A job that does not move is asked less and less often, down to once in this long. */
export const SLOWEST_POLL_MS = 8000;

/**
 * The wait before the next poll: ~1 s while the job moves, half as often again each time it
 * does not (queued behind other work, or the server not answering), never rarer than
 * SLOWEST_POLL_MS.
 */
export function nextPollDelay(previous: number, moved: boolean): number {
  if (moved) return FIRST_POLL_MS;
  return Math.min(SLOWEST_POLL_MS, Math.round(previous * 1.5));
}

/** Whether a poll's answer shows progress since the one before. */
export function moved(before: BulkJob, after: BulkJob): boolean {
  return after.done !== before.done || after.state !== before.state;
}
