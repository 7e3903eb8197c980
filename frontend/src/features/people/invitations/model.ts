// The invitation form's pure logic: the rights chosen as entries of the invitation's `grants`
// (each a set of pages and the rights on them, the grants call's own words), what the form
// sends, what the new person will hold (for the tree's badges), and the server's messages.
import type { Grant, InvitationOut, PagePermission } from '../../../api/types';
import { idList } from '../../../entities/grants/model';
import type { Target } from '../../../entities/grants/model';
import type { Language } from '../../../i18n';
import { HttpError } from '../../../lib/http';

/** Pages and the rights the new person will hold on them (and below them). */
export interface GrantEntry {
  targets: Target[];
  permissions: PagePermission[];
}

export interface InvitationValues {
  email: string;
  name: string;
  is_superuser: boolean;
  /** The mail's and the invitee's page's language. */
  language: Language;
  grants: GrantEntry[];
}

export type InvitationField = 'email' | 'name' | 'grants' | 'language' | 'form';
export type InvitationErrors = Partial<Record<InvitationField, string>>;

/** Each language by its own name: the inviter picks the one the invitee reads. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  nb: 'Norsk bokmål',
  ar: 'العربية',
};

export function emptyInvitation(language: Language): InvitationValues {
  return { email: '', name: '', is_superuser: false, language, grants: [] };
}

/** Add the ticked pages with the chosen rights; nothing ticked or no right chosen adds nothing. */
export function withEntry(
  entries: readonly GrantEntry[],
  targets: readonly Target[],
  permissions: readonly PagePermission[],
): GrantEntry[] {
  if (targets.length === 0 || permissions.length === 0) return [...entries];
  return [...entries, { targets: [...targets], permissions: [...permissions] }];
}

export function withoutEntry(entries: readonly GrantEntry[], index: number): GrantEntry[] {
  return entries.filter((_entry, at) => at !== index);
}

/** What the new person will hold, per page, as GET /admin/grants.json would answer it. */
export function pendingGrants(entries: readonly GrantEntry[]): Grant[] {
  const held = new Map<Target, Set<PagePermission>>();
  for (const entry of entries) {
    for (const target of entry.targets) {
      const rights = held.get(target) ?? new Set<PagePermission>();
      for (const permission of entry.permissions) rights.add(permission);
      held.set(target, rights);
    }
  }
  return [...held].map(([page_id, rights]) => ({ page_id, permissions: [...rights] }));
}

/** The body of POST /admin/invitations.json. */
export function invitationPayload(values: InvitationValues) {
  return {
    invitation: {
      email: values.email.trim(),
      name: values.name.trim(),
      is_superuser: values.is_superuser,
      language: values.language,
      grants: values.is_superuser
        ? []
        : values.grants.map((entry) => ({
            page_ids: idList(entry.targets),
            permissions: entry.permissions,
          })),
    },
  };
}

const FIELDS: readonly string[] = ['email', 'name', 'grants', 'language'];

/** A refused invitation's messages by field (a throttled one, 429: about the form). */
export function invitationErrorsOf(error: unknown, fallback: string): InvitationErrors {
  if (!(error instanceof HttpError)) return { form: fallback };
  const body = error.body as { errors?: unknown; detail?: unknown } | null;
  const pairs = Array.isArray(body?.errors) ? body.errors : [];
  const errors: InvitationErrors = {};
  for (const pair of pairs) {
    if (!Array.isArray(pair) || typeof pair[1] !== 'string') continue;
    const field = (
      typeof pair[0] === 'string' && FIELDS.includes(pair[0]) ? pair[0] : 'form'
    ) as InvitationField;
    errors[field] = errors[field] ? `${errors[field]} ${pair[1]}` : pair[1];
  }
  if (Object.keys(errors).length === 0) {
    errors.form = typeof body?.detail === 'string' ? body.detail : error.message || fallback;
  }
  return errors;
}

/** Open ones first (they can still be acted on), then newest first, as the server lists them. */
export function sortedInvitations(invitations: readonly InvitationOut[]): InvitationOut[] {
  return [...invitations].sort(
    (a, b) => Number(b.state === 'open') - Number(a.state === 'open') || b.id - a.id,
  );
}
