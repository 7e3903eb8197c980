import { useMemo, useState } from 'react';
import { api } from '../../api/client';
import type { AuditEntry, AuditLog, AuditLogScreenData } from '../../api/types';
import { t } from '../../i18n';
import type { MessageKey } from '../../i18n';
import { editPageUrl } from '../../lib/page';
import { MAIN_ID, ScreenHeader } from '../../ui/AdminHeader';
import { Pager } from '../../ui/pager/Pager';
import { HistoryList } from '../../entities/history/HistoryList';
import { blockTitles } from '../../entities/history/blockTitles';
import { languageName } from '../../lib/languageName';
import { useToast } from '../../ui/toast';
import { pageCount } from '../../lib/paging';
import { ACTION_GROUPS, logAddress, logParams } from './model';
import type { LogAction, LogFilters } from './model';
import './log.css';

interface AuditLogScreenProps {
  data: AuditLogScreenData;
  load?: (filters: LogFilters, locale: string) => Promise<AuditLog>;
}

// Pages and files are named in the screen's content locale (`locale`), as its first page was.
const loadLog = (filters: LogFilters, locale: string) =>
  api.get('/admin/audit.json', { query: { ...logParams(filters), locale } });

// A Record over the type: an action the server adds fails the type check until it has words.
const ACTION_LABELS: Record<LogAction, MessageKey> = {
  create: 'log.action.create',
  update: 'log.action.update',
  move: 'log.action.move',
  delete: 'log.action.delete',
  restore: 'log.action.restore',
  purge: 'log.action.purge',
  upload: 'log.action.upload',
  translation_checked: 'log.action.translation_checked',
  bulk_job: 'log.action.bulk_job',
  review_submitted: 'log.action.review_submitted',
  review_comment: 'log.action.review_comment',
  review_approved: 'log.action.review_approved',
  review_changes_requested: 'log.action.review_changes_requested',
  review_withdrawn: 'log.action.review_withdrawn',
  grants: 'log.action.grants',
  invite: 'log.action.invite',
  revoke_invitation: 'log.action.revoke_invitation',
  accept_invitation: 'log.action.accept_invitation',
  reactivate: 'log.action.reactivate',
  sign_in: 'log.action.sign_in',
  sign_in_failed: 'log.action.sign_in_failed',
  second_step_failed: 'log.action.second_step_failed',
  session_ended: 'log.action.session_ended',
  password_change: 'log.action.password_change',
  password_reset: 'log.action.password_reset',
  password_reset_request: 'log.action.password_reset_request',
  two_factor_on: 'log.action.two_factor_on',
  two_factor_off: 'log.action.two_factor_off',
  passkey_added: 'log.action.passkey_added',
  passkey_removed: 'log.action.passkey_removed',
  passkeys_removed: 'log.action.passkeys_removed',
};

const GROUP_LABELS: Record<(typeof ACTION_GROUPS)[number]['group'], MessageKey> = {
  content: 'log.group.content',
  review: 'log.group.review',
  people: 'log.group.people',
  account: 'log.group.account',
};

/** Everything done in the back office, newest first, filtered by user, action and days. */
export function AuditLogScreen({ data, load = loadLog }: AuditLogScreenProps) {
  const { locale, locales } = data;
  const toast = useToast();
  const [filters, setFilters] = useState<LogFilters>(data.filters);
  const [log, setLog] = useState<AuditLog>(data.log);
  const [loading, setLoading] = useState(false);
  const names = useMemo(
    () => new Map(data.users.map((user) => [user.id, user.name || user.username])),
    [data.users],
  );
  const context = useMemo(
    () => ({
      userName: (id: number) => names.get(id) ?? null,
      // Locales as running text names them, blocks by their titles: in the interface language.
      localeName: (code: string) =>
        languageName(code, locales.find((item) => item.code === code)?.name),
      blockTitle: blockTitles(data.templates),
    }),
    [names, locales, data.templates],
  );

  const apply = async (next: LogFilters) => {
    setFilters(next);
    setLoading(true);
    try {
      setLog(await load(next, locale));
      window.history.replaceState(null, '', logAddress(next, locale));
    } catch {
      toast.error(t('log.failed'));
    } finally {
      setLoading(false);
    }
  };
  const change = (patch: Partial<LogFilters>) => void apply({ ...filters, ...patch, page: 1 });
  const pages = pageCount(log.total, log.per_page);
  const subjectHref = (entry: AuditEntry) =>
    entry.subject === 'page' && entry.subject_id !== null && entry.action !== 'delete'
      ? editPageUrl(locale, entry.subject_id)
      : null;

  /** A day the entries start or end at; each bounds the other. */
  const dateFilter = (
    key: 'since' | 'until',
    label: string,
    bound: { min?: string; max?: string },
  ) => (
    <label className="log-filters__field">
      <span className="form-field__label">{label}</span>
      <input
        type="date"
        className="input"
        value={filters[key] ?? ''}
        {...bound}
        onChange={(event) => change({ [key]: event.target.value || null })}
      />
    </label>
  );

  return (
    <>
      <ScreenHeader data={data} localeHref={(code) => logAddress(filters, code)} section="log" />
      <main id={MAIN_ID} className="page-main audit-log">
        <h1 className="page-title">{t('log.title')}</h1>
        <form
          className="log-filters panel"
          role="search"
          onSubmit={(event) => event.preventDefault()}
        >
          <label className="log-filters__field">
            <span className="form-field__label">{t('log.filter.user')}</span>
            <select
              className="input"
              value={filters.user_id ?? ''}
              onChange={(event) =>
                change({ user_id: event.target.value ? Number(event.target.value) : null })
              }
            >
              <option value="">{t('log.filter.anyone')}</option>
              {data.users.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.name || user.username}
                </option>
              ))}
            </select>
          </label>
          <label className="log-filters__field">
            <span className="form-field__label">{t('log.filter.action')}</span>
            <select
              className="input"
              value={filters.action ?? ''}
              onChange={(event) =>
                change({ action: (event.target.value || null) as LogAction | null })
              }
            >
              <option value="">{t('log.filter.anything')}</option>
              {ACTION_GROUPS.map(({ group, actions }) => (
                <optgroup key={group} label={t(GROUP_LABELS[group])}>
                  {actions.map((action) => (
                    <option key={action} value={action}>
                      {t(ACTION_LABELS[action])}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          {dateFilter('since', t('log.filter.since'), { max: filters.until ?? undefined })}
          {dateFilter('until', t('log.filter.until'), { min: filters.since ?? undefined })}
        </form>
        <p className="log__summary" role="status">
          {log.total === 0
            ? t('log.none')
            : t('log.summary', { count: log.total, page: filters.page, pages })}
        </p>
        <div className="log__entries panel" aria-busy={loading}>
          <HistoryList entries={log.entries} context={context} subjectHref={subjectHref} />
        </div>
        <Pager
          list="log"
          page={filters.page}
          pages={pages}
          onPage={(page) => void apply({ ...filters, page })}
          busy={loading}
        />
      </main>
    </>
  );
}
