// An audit entry in plain words ("Changed name and body in English"), for the editor's History
// panel and the site-wide log. Details are read defensively: old entries may lack a field.
import type { AuditEntry, BulkAction } from '../../api/types';
import { t } from '../../i18n';
import type { MessageKey } from '../../i18n';
import { STATUS_LABELS, isPageStatus } from '../../lib/page';
import { formatWhen } from '../../lib/when';

/** What the words can name beyond the entry itself; all optional. */
export interface DescribeContext {
  /** The entry is about the page being shown: it is "the page", not "page 12". */
  ownPage?: boolean;
  localeName?: (code: string) => string;
  /** A block by its template's title in the interface language ("Body", "المكان"). */
  blockTitle?: (name: string) => string | null;
  pageName?: (id: number) => string | null;
  userName?: (id: number) => string | null;
}

export interface EntryText {
  /** What was done, as a sentence without the actor ("Changed name in English"). */
  summary: string;
  /** More of it, when there is more ("Status: Draft → Published"). */
  details: string[];
}

type Details = Record<string, unknown>;

const FIELD_KEYS: Record<string, MessageKey> = {
  name: 'history.field.name',
  path_segment: 'history.field.path_segment',
  status: 'history.field.status',
  published_at: 'history.field.published_at',
  starts_at: 'history.field.starts_at',
  ends_at: 'history.field.ends_at',
  all_day: 'history.field.all_day',
  pinned: 'history.field.pinned',
  template: 'history.field.template',
  unique_name: 'history.field.unique_name',
  feed_enabled: 'history.field.feed_enabled',
  news_page: 'history.field.news_page',
  user_id: 'history.field.user_id',
  redirect_to: 'history.field.redirect_to',
  meta_image_id: 'history.field.meta_image_id',
  skip_index: 'history.field.skip_index',
  serialized_tags: 'history.field.serialized_tags',
  page_images_attributes: 'history.field.page_images_attributes',
  page_files_attributes: 'history.field.page_files_attributes',
  email: 'history.field.email',
  password: 'history.field.password',
  is_superuser: 'history.field.is_superuser',
  is_active: 'history.field.is_active',
};

/**
 * A field's name in words: a block by its template's title (as History's summaries name it),
 * a page field in the interface language, else by its name.
 */
export function fieldLabel(field: string, context: DescribeContext = {}): string {
  const block = field.replace(/^blocks\./, '');
  // A block the templates know (the name too) by its title, as History's summaries name it.
  const title = context.blockTitle?.(block);
  if (title) return title;
  const key = FIELD_KEYS[field];
  if (key) return t(key);
  return block.replace(/_/g, ' ');
}

/** Join words as a list ("name, body and tags"). */
export function wordList(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return t('history.list', {
    items: words.slice(0, -1).join(t('history.listSeparator')),
    last: words[words.length - 1] ?? '',
  });
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function statusName(value: unknown): string {
  return isPageStatus(value) ? STATUS_LABELS[value] : String(value);
}

/** The name the server gave what an entry mentions (`names`: by kind, then id), if any. */
function namedInEntry(entry: AuditEntry, kind: string, id: number | null): string | null {
  if (id === null) return null;
  if (entry.subject === kind && entry.subject_id === id && entry.subject_name)
    return entry.subject_name;
  return entry.names?.[kind]?.[String(id)] ?? null;
}

/** Describe one entry in words: what it mentions by name where the entry or the context has one. */
export function describeEntry(entry: AuditEntry, context: DescribeContext = {}): EntryText {
  const details: Details = entry.details ?? {};
  const pageWords = (id: number | null): string => {
    if (id === null) return t('history.topLevel');
    const name = context.pageName?.(id) ?? namedInEntry(entry, 'page', id);
    return name ? t('history.pageNamed', { name }) : t('history.pageNumber', { id });
  };
  const subject = (() => {
    const id = entry.subject_id;
    if (entry.subject === 'page')
      return context.ownPage ? t('history.thisPage') : pageWords(id ?? null);
    const named = namedInEntry(entry, entry.subject, id);
    if (entry.subject === 'user') {
      const name = (id === null ? null : context.userName?.(id)) ?? named;
      return name ? t('history.userNamed', { name }) : t('history.userNumber', { id: id ?? '?' });
    }
    if (entry.subject === 'image')
      return named
        ? t('history.imageNamed', { name: named })
        : t('history.imageNumber', { id: id ?? '?' });
    if (entry.subject === 'attachment')
      return named
        ? t('history.fileNamed', { name: named })
        : t('history.fileNumber', { id: id ?? '?' });
    return `${entry.subject} ${id ?? ''}`.trim();
  })();
  const nameOf = (code: string) => context.localeName?.(code) ?? code;
  // One locale (`locale`), or those a restore brought back (`locales`).
  // (A comment on the whole change records an empty locale: none.)
  const locales = [text(details.locale) ?? [], strings(details.locales)].flat().filter(Boolean);
  const inLocale = locales.length
    ? t('history.inLocale', { locale: wordList(locales.map(nameOf)) })
    : '';
  const label = (field: string) => fieldLabel(field, context);
  const join = (...parts: string[]) => parts.filter(Boolean).join(' ');
  const more: string[] = [];

  switch (entry.action) {
    case 'create': {
      if (entry.subject === 'user') {
        const admin = details.is_superuser === true ? t('history.asAdmin') : '';
        return { summary: join(t('history.added', { subject }), admin), details: more };
      }
      const parent = 'parent_page_id' in details ? number(details.parent_page_id) : undefined;
      if (parent !== undefined) more.push(t('history.createdUnder', { place: pageWords(parent) }));
      return { summary: join(t('history.created', { subject }), inLocale), details: more };
    }
    case 'update': {
      const fields = strings(details.fields).map(label);
      const restored = details.restored as Details | undefined;
      if (restored && typeof restored === 'object') {
        // A restore: the version it brought back by its time and author, never by its id.
        const author = number(restored.user_id);
        // The server names only users with a name: one without is named by number.
        const name =
          author === null
            ? t('revisions.formerUser')
            : (context.userName?.(author) ??
              namedInEntry(entry, 'user', author) ??
              t('history.userNumber', { id: author }));
        const at = text(restored.at);
        if (fields.length) more.push(t('history.fieldsChanged', { fields: wordList(fields) }));
        const summary = t('history.restoredVersion', {
          subject,
          time: at ? formatWhen(at) : '?',
          name,
        });
        return { summary: join(summary, inLocale), details: more };
      }
      const status = details.status as Details | undefined;
      if (status && typeof status === 'object')
        more.push(
          t('history.statusChange', { from: statusName(status.from), to: statusName(status.to) }),
        );
      const summary = fields.length
        ? t('history.changed', { fields: wordList(fields), subject })
        : t('history.saved', { subject });
      return { summary: join(summary, inLocale), details: more };
    }
    case 'move': {
      const place = (value: unknown) => {
        const at = (value ?? {}) as Details;
        return t('history.place', {
          parent: pageWords(number(at.parent_page_id)),
          position: number(at.position) ?? '?',
        });
      };
      more.push(t('history.movedFrom', { place: place(details.from) }));
      more.push(t('history.movedTo', { place: place(details.to) }));
      return { summary: t('history.moved', { subject }), details: more };
    }
    case 'delete':
      return { summary: join(t('history.deleted', { subject }), inLocale), details: more };
    case 'restore':
      return { summary: join(t('history.restored', { subject }), inLocale), details: more };
    case 'grants': {
      const rights = strings(details.permissions).map((permission) => rightWord(permission));
      const pages = Array.isArray(details.page_ids)
        ? details.page_ids.map((id) =>
            typeof id === 'number' ? pageWords(id) : t('history.allPages'),
          )
        : [];
      const key = details.action === 'revoke' ? 'history.revoked' : 'history.granted';
      if (pages.length) more.push(t('history.onPages', { pages: wordList(pages) }));
      return { summary: t(key, { rights: wordList(rights), subject }), details: more };
    }
    case 'upload':
      return { summary: t('history.uploaded', { subject }), details: more };
    case 'translation_checked': {
      const blocks = wordList(strings(details.blocks).map(label));
      return {
        summary: join(t('history.translationChecked', { blocks, subject }), inLocale),
        details: more,
      };
    }
    // Invitations and reactivation (issue 30): who invited whom, and from where.
    case 'invite':
    case 'revoke_invitation':
    case 'accept_invitation':
    case 'reactivate': {
      const address = text(details.address);
      if (address) more.push(t('history.fromAddress', { address }));
      const email = text(details.email) ?? '?';
      if (entry.action === 'invite') {
        const admin = details.is_superuser === true ? t('history.asAdmin') : '';
        return { summary: join(t('history.invited', { email }), admin), details: more };
      }
      if (entry.action === 'revoke_invitation')
        return { summary: t('history.invitationRevoked', { email }), details: more };
      if (entry.action === 'reactivate')
        return { summary: t('history.reactivated', { subject }), details: more };
      const inviter = number(details.invited_by);
      const name =
        (inviter === null
          ? null
          : (context.userName?.(inviter) ?? namedInEntry(entry, 'user', inviter))) ??
        t('history.userNumber', { id: inviter ?? '?' });
      return { summary: t('history.joined', { name }), details: more };
    }
    case 'purge':
      return { summary: t('history.purged', { subject }), details: more };
    // Work on many pages (issue 33): the job's own entry; each page changed has its own.
    case 'bulk_job': {
      const action = text(details.action);
      const count = number(details.pages) ?? 0;
      const key = action && BULK_ACTIONS[action as BulkAction];
      // The tree's button names it ("Move under…"); in a sentence without the dots.
      const name = key ? t(key).replace(/…$/, '') : (action ?? '?');
      return { summary: t('history.bulkJob', { action: name, count }), details: more };
    }
    // Review before publishing (issue 32): a change submitted, commented on, decided.
    case 'review_submitted': {
      const fields = strings(details.fields).map(label);
      if (fields.length) more.push(t('history.fieldsChanged', { fields: wordList(fields) }));
      return { summary: t('history.reviewSubmitted', { subject }), details: more };
    }
    case 'review_comment': {
      const block = text(details.block);
      const summary = block
        ? t('history.reviewCommentOn', { block: label(block), subject })
        : t('history.reviewComment', { subject });
      return { summary: join(summary, inLocale), details: more };
    }
    case 'review_approved':
    case 'review_changes_requested':
    case 'review_withdrawn': {
      const said = text(details.comment);
      if (said) more.push(t('history.reviewComment.said', { text: said }));
      return { summary: t(REVIEW_DECISIONS[entry.action], { subject }), details: more };
    }
    default: {
      // Signing in and the account: who, and from where.
      const key = ACCOUNT_ACTIONS[entry.action];
      if (key) {
        const address = text(details.address);
        if (address) more.push(t('history.fromAddress', { address }));
        return { summary: t(key, { subject }), details: more };
      }
      return { summary: `${entry.action} ${subject}`, details: more };
    }
  }
}

const BULK_ACTIONS: Record<BulkAction, MessageKey> = {
  publish: 'bulk.action.publish',
  hide: 'bulk.action.hide',
  unpublish: 'bulk.action.unpublish',
  delete: 'bulk.action.delete',
  move: 'bulk.action.move',
  tag: 'bulk.action.tag',
  untag: 'bulk.action.untag',
  submit: 'bulk.action.submit',
};

const REVIEW_DECISIONS: Record<
  'review_approved' | 'review_changes_requested' | 'review_withdrawn',
  MessageKey
> = {
  review_approved: 'history.reviewApproved',
  review_changes_requested: 'history.reviewChangesRequested',
  review_withdrawn: 'history.reviewWithdrawn',
};

/** The account's actions, each a sentence about the user it is recorded on. */
const ACCOUNT_ACTIONS: Partial<Record<string, MessageKey>> = {
  sign_in: 'history.signedIn',
  sign_in_failed: 'history.signInFailed',
  second_step_failed: 'history.secondStepFailed',
  session_ended: 'history.sessionEnded',
  password_change: 'history.passwordChanged',
  password_reset: 'history.passwordReset',
  password_reset_request: 'history.passwordResetAsked',
  two_factor_on: 'history.twoFactorOn',
  two_factor_off: 'history.twoFactorOff',
  passkey_added: 'history.passkeyAdded',
  passkey_removed: 'history.passkeyRemoved',
  passkeys_removed: 'history.passkeysRemoved',
};

/** A right as the log names it (an unknown one, from a newer server, as it is stored). */
function rightWord(permission: string): string {
  if (permission === 'edit') return t('history.right.edit');
  if (permission === 'create') return t('history.right.create');
  if (permission === 'submit') return t('history.right.submit');
  return permission;
}
