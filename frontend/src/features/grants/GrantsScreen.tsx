import { useCallback, useMemo, useState } from 'react';
import type { Grant, GrantsScreenData, PagePermission } from '../../api/types';
import { t } from '../../i18n';
import { MAIN_ID, ScreenHeader } from '../../ui/AdminHeader';
import { useToast } from '../../ui/toast';
import { createGrantsApi } from './api';
import type { GrantsApi } from './api';
import { GrantToolbar } from './components/GrantToolbar';
import type { GrantAction } from './components/GrantToolbar';
import { GrantTree } from '../../entities/grants/GrantTree';
import { UserList } from './components/UserList';
import { grantMap, idList, RIGHT_LABELS, toggle } from '../../entities/grants/model';
import type { Target } from '../../entities/grants/model';
import { useGrantTree } from '../../entities/grants/useGrantTree';
import './grants.css';

interface GrantsScreenProps {
  data: GrantsScreenData;
  api?: GrantsApi;
}

/** The address of the grants screen for a user, pages named in a locale. */
export function grantsUrl(locale: string, userId: number | null): string {
  const user = userId === null ? '' : `&user=${userId}`;
  return `/admin/grants?locale=${encodeURIComponent(locale)}${user}`;
}

/** What each editor may do where (spec §1, §6): a user, ticked pages, grant or revoke. */
export function GrantsScreen({ data, api }: GrantsScreenProps) {
  const { locale, locales } = data;
  const calls = useMemo(() => api ?? createGrantsApi(locale), [api, locale]);
  const toast = useToast();
  const [userId, setUserId] = useState(data.user_id);
  const [grants, setGrants] = useState<Grant[]>(data.grants);
  const [selected, setSelected] = useState<Target[]>([]);
  const [busy, setBusy] = useState(false);
  const { tree, rows, loads, setOpen } = useGrantTree(data.pages, calls);
  const localeOrder = useMemo(() => locales.map((item) => item.code), [locales]);
  const user = data.users.find((item) => item.id === userId) ?? null;
  const userName = user ? user.name || user.username : '';
  const held = useMemo(() => grantMap(grants), [grants]);

  const choose = useCallback(
    async (id: number) => {
      window.history.replaceState(null, '', grantsUrl(locale, id));
      setUserId(id);
      setGrants([]);
      try {
        setGrants(await calls.listGrants(id));
      } catch {
        toast.error(t('grants.grantsFailed'));
      }
    },
    [calls, locale, toast],
  );

  const change = async (action: GrantAction, permission: PagePermission) => {
    if (userId === null || selected.length === 0) return;
    setBusy(true);
    try {
      setGrants(
        await calls.changeGrants({
          user_id: userId,
          page_ids: idList(selected),
          permissions: [permission],
          action,
        }),
      );
      const right = t(RIGHT_LABELS[permission]);
      const done = action === 'grant' ? 'grants.granted' : 'grants.revoked';
      toast.notice(t(done, { count: selected.length, right, name: userName }));
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : t('grants.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ScreenHeader data={data} localeHref={(code) => grantsUrl(code, userId)} section="grants" />
      <main id={MAIN_ID} className="page-main grants">
        <h1 className="page-title">{t('grants.title')}</h1>
        <p className="grants__intro">{t('grants.intro')}</p>
        <p className="grants__intro">{t('grants.submitHelp')}</p>
        <div className="grants__layout">
          <UserList
            users={data.users}
            chosen={userId}
            href={(id) => grantsUrl(locale, id)}
            onChoose={(id) => void choose(id)}
          />
          <section className="grants__main panel" aria-labelledby="grants-user">
            {user === null ? (
              <p className="grants__empty" id="grants-user">
                {t('grants.chooseUser')}
              </p>
            ) : (
              <>
                <h2 className="grants__user" id="grants-user" dir="auto">
                  {t('grants.userHeading', { name: userName })}
                </h2>
                {user.is_superuser && (
                  <p className="grants__note">{t('grants.adminNote', { name: userName })}</p>
                )}
                {!user.is_active && (
                  <p className="grants__note">{t('grants.inactiveNote', { name: userName })}</p>
                )}
                <GrantToolbar
                  ids={idList(selected)}
                  busy={busy}
                  onChange={(action, permission) => void change(action, permission)}
                  onClear={() => setSelected([])}
                />
                <p className="grants__legend">
                  <span className="grant-right grant-right--direct">{t('grants.right.edit')}</span>{' '}
                  {t('grants.legendDirect')}{' '}
                  <span className="grant-right grant-right--inherited">
                    {t('grants.right.edit')}{' '}
                    <span className="grant-right__source">· {t('grants.inherited')}</span>
                  </span>{' '}
                  {t('grants.legendInherited')}
                </p>
                <GrantTree
                  tree={tree}
                  rows={rows}
                  grants={held}
                  selected={new Set(selected)}
                  loads={loads}
                  locale={locale}
                  localeOrder={localeOrder}
                  onTick={(target, on) => setSelected((current) => toggle(current, target, on))}
                  onOpen={(id, on) => void setOpen(id, on)}
                />
              </>
            )}
          </section>
        </div>
      </main>
    </>
  );
}
