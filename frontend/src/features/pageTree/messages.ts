// What the tree says when an action fails, and what a status change did.
import { STATUS_DELETED, STATUS_HIDDEN, STATUS_PUBLISHED } from '../../lib/page';
import { t } from '../../i18n';
import type { MessageKey } from '../../i18n';

/** The catalogue key of what a failed action says, by action. */
const FAILURE_KEYS = {
  move: 'tree.failed.move',
  rename: 'tree.failed.rename',
  status: 'tree.failed.status',
  delete: 'tree.failed.delete',
  create: 'tree.failed.create',
  search: 'tree.failed.search',
  undo: 'tree.failed.undo',
} as const satisfies Record<string, MessageKey>;

/** What a failed action says (before the server's reason). */
export function failure(action: keyof typeof FAILURE_KEYS): string {
  return t(FAILURE_KEYS[action]);
}

/** A status the tree's actions set, and can undo. */
export type UndoableStatus = typeof STATUS_PUBLISHED | typeof STATUS_HIDDEN | typeof STATUS_DELETED;

/** What a status change did, for the notice that offers to undo it. */
export const DONE_MESSAGES: Record<UndoableStatus, (name: string) => string> = {
  [STATUS_PUBLISHED]: (name) => t('tree.done.published', { name }),
  [STATUS_HIDDEN]: (name) => t('tree.done.hidden', { name }),
  [STATUS_DELETED]: (name) => t('tree.done.deleted', { name }),
};
