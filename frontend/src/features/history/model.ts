// The log screen's filters: in the address (so a reload or a link shows the same entries) and
// as the audit call's query, days read in the browser's time zone.
import type { AuditLogFilters } from '../../api/types';

export type LogFilters = AuditLogFilters;
export type LogAction = NonNullable<LogFilters['action']>;

/** The filter's actions in groups: every one the log records (a test checks the type). */
export const ACTION_GROUPS = [
  {
    group: 'content',
    actions: [
      'create',
      'update',
      'move',
      'delete',
      'restore',
      'purge',
      'upload',
      'translation_checked',
      'bulk_job',
    ],
  },
  {
    group: 'review',
    actions: [
      'review_submitted',
      'review_comment',
      'review_approved',
      'review_changes_requested',
      'review_withdrawn',
    ],
  },
  {
    group: 'people',
    actions: ['grants', 'invite', 'revoke_invitation', 'accept_invitation', 'reactivate'],
  },
  {
    group: 'account',
    actions: [
      'sign_in',
      'sign_in_failed',
      'second_step_failed',
      'session_ended',
      'password_change',
      'password_reset',
      'password_reset_request',
      'two_factor_on',
      'two_factor_off',
      'passkey_added',
      'passkey_removed',
      'passkeys_removed',
    ],
  },
] as const satisfies readonly { group: string; actions: readonly LogAction[] }[];

export const ACTIONS: readonly LogAction[] = ACTION_GROUPS.flatMap((group) => group.actions);

/** An action the log records that no group lists (none: `never`; the tests check it is). */
export type UngroupedAction = Exclude<LogAction, (typeof ACTION_GROUPS)[number]['actions'][number]>;

/** The screen's address for filters: only those set. */
export function logAddress(filters: LogFilters, locale: string): string {
  const params = new URLSearchParams({ locale });
  if (filters.user_id !== null) params.set('user', String(filters.user_id));
  if (filters.action) params.set('action', filters.action);
  if (filters.since) params.set('since', filters.since);
  if (filters.until) params.set('until', filters.until);
  if (filters.page > 1) params.set('page', String(filters.page));
  return `/admin/log?${params.toString()}`;
}

/** The start of a day ('2024-05-01') in the browser's time zone, as an ISO moment. */
export function startOfDay(day: string, daysLater = 0): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + daysLater).toISOString();
}

/** The parameters of GET /admin/audit.json: `until` is the end of its day (the next day's start). */
export function logParams(filters: LogFilters) {
  return {
    user_id: filters.user_id ?? undefined,
    action: filters.action || undefined,
    since: filters.since ? startOfDay(filters.since) : undefined,
    until: filters.until ? startOfDay(filters.until, 1) : undefined,
    page: filters.page,
  };
}

/** The query string of logParams (absent ones left out). */
export function logQuery(filters: LogFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(logParams(filters))) {
    if (value !== undefined) params.set(name, String(value));
  }
  return `?${params.toString()}`;
}
