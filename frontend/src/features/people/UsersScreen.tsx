import { useState } from 'react';
import type { UserRecord, UsersScreenData } from '../../api/types';
import { t } from '../../i18n';
import { MAIN_ID, ScreenHeader } from '../../ui/AdminHeader';
import { Modal } from '../../ui/modal/Modal';
import { useToast } from '../../ui/toast';
import { usersApi } from './api';
import type { UsersApi } from './api';
import { TwoFactorControl } from './components/TwoFactorControl';
import { UserForm } from './components/UserForm';
import { EMPTY_USER, createPayload, errorsOf, hasChanges, updatePayload, valuesOf } from './model';
import type { UserErrors, UserFormValues } from './model';
import './people.css';

interface UsersScreenProps {
  data: UsersScreenData;
  api?: UsersApi;
}

/** Who is being edited: a new user, or a stored one. */
type Editing = { mode: 'create' } | { mode: 'edit'; user: UserRecord } | null;

export function usersUrl(locale: string): string {
  return `/admin/users?locale=${encodeURIComponent(locale)}`;
}

/** The back office's users (administrators only): add, change and deactivate editors. */
export function UsersScreen({ data, api = usersApi }: UsersScreenProps) {
  const toast = useToast();
  const [users, setUsers] = useState(data.users);
  const [editing, setEditing] = useState<Editing>(null);
  const [errors, setErrors] = useState<UserErrors>({});
  const [busy, setBusy] = useState(false);

  const open = (next: Editing) => {
    setErrors({});
    setEditing(next);
  };
  const stored = (user: UserRecord) =>
    setUsers((current) =>
      current.some((item) => item.id === user.id)
        ? current.map((item) => (item.id === user.id ? user : item))
        : [...current, user],
    );

  const save = async (values: UserFormValues) => {
    if (!editing) return;
    if (editing.mode === 'edit' && !hasChanges(editing.user, values)) return setEditing(null);
    setBusy(true);
    try {
      const user =
        editing.mode === 'create'
          ? await api.create(createPayload(values))
          : await api.update(editing.user.id, updatePayload(editing.user, values));
      stored(user);
      setEditing(null);
      const name = user.name || user.username;
      toast.notice(t(editing.mode === 'create' ? 'people.created' : 'people.saved', { name }));
    } catch (error) {
      setErrors(errorsOf(error, t('people.failed')));
    } finally {
      setBusy(false);
    }
  };

  const setActive = async (user: UserRecord, active: boolean) => {
    const name = user.name || user.username;
    if (!active && !window.confirm(t('people.deactivateConfirm', { name }))) return;
    try {
      stored(await api.update(user.id, { user: { is_active: active } }));
      toast.notice(t(active ? 'people.reactivated' : 'people.deactivated', { name }));
    } catch (error) {
      toast.error(errorsOf(error, t('people.failed')).user ?? t('people.failed'));
    }
  };

  return (
    <>
      <ScreenHeader data={data} localeHref={usersUrl} section="users" />
      <main id={MAIN_ID} className="page-main people">
        <div className="people__top">
          <h1 className="page-title">{t('people.title')}</h1>
          <button
            type="button"
            className="button button--primary"
            onClick={() => open({ mode: 'create' })}
          >
            {t('people.add')}
          </button>
        </div>
        <p className="people__intro">{t('people.intro')}</p>
        <ul className="people__list panel" aria-label={t('people.title')}>
          {users.map((user) => {
            const self = user.id === data.user.id;
            const name = user.name || user.username;
            return (
              <li key={user.id} className={`person${user.is_active ? '' : ' person--inactive'}`}>
                <div className="person__who">
                  <span className="person__name" dir="auto">
                    {name}
                  </span>
                  <span className="person__meta" dir="auto">
                    {user.username}
                    {user.email && ` · ${user.email}`}
                  </span>
                </div>
                <div className="person__badges">
                  <span className="person__badge">
                    {user.is_superuser ? t('people.role.admin') : t('people.role.editor')}
                  </span>
                  {!user.is_active && (
                    <span className="person__badge person__badge--inactive">
                      {t('people.status.inactive')}
                    </span>
                  )}
                  {self && <span className="person__badge">{t('people.you')}</span>}
                  <TwoFactorControl
                    user={user}
                    superuser={data.user.is_superuser}
                    api={api}
                    onChange={stored}
                  />
                </div>
                <div className="person__actions">
                  <button
                    type="button"
                    className="button"
                    aria-label={t('people.editNamed', { name })}
                    onClick={() => open({ mode: 'edit', user })}
                  >
                    {t('people.edit')}
                  </button>
                  {!self && (
                    <button
                      type="button"
                      className="button button--link"
                      aria-label={t(
                        user.is_active ? 'people.deactivateNamed' : 'people.reactivateNamed',
                        { name },
                      )}
                      onClick={() => void setActive(user, !user.is_active)}
                    >
                      {user.is_active ? t('people.deactivate') : t('people.reactivate')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </main>
      {editing && (
        <Modal
          title={
            editing.mode === 'create'
              ? t('people.addTitle')
              : t('people.editTitle', { name: editing.user.name || editing.user.username })
          }
          onClose={() => setEditing(null)}
        >
          <UserForm
            mode={editing.mode}
            initial={editing.mode === 'create' ? EMPTY_USER : valuesOf(editing.user)}
            self={editing.mode === 'edit' && editing.user.id === data.user.id}
            errors={errors}
            busy={busy}
            onSubmit={(values) => void save(values)}
            onCancel={() => setEditing(null)}
          />
        </Modal>
      )}
    </>
  );
}
