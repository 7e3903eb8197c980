import { useMemo, useState } from 'react';
import type { UserRecord, UsersScreenData } from '../../api/types';
import type { PageChildrenApi } from '../../entities/grants/api';
import { language, t } from '../../i18n';
import { MAIN_ID, ScreenHeader } from '../../ui/AdminHeader';
import { Modal } from '../../ui/modal/Modal';
import { useToast } from '../../ui/toast';
import { invitationTreeApi, usersApi } from './api';
import type { UsersApi } from './api';
import { PersonRow } from './components/PersonRow';
import { TwoFactorControl } from './components/TwoFactorControl';
import { UserForm } from './components/UserForm';
import { InvitationForm } from './invitations/InvitationForm';
import { InvitationList } from './invitations/InvitationList';
import { emptyInvitation } from './invitations/model';
import { useInvitations } from './invitations/useInvitations';
import { EMPTY_USER, createPayload, errorsOf, hasChanges, updatePayload, valuesOf } from './model';
import type { UserErrors, UserFormValues } from './model';
import './people.css';
import './invitations/invitations.css';

interface UsersScreenProps {
  data: UsersScreenData;
  api?: UsersApi;
  /** Where the invitation form's tree reads a node's children (tests give their own). */
  treeApi?: PageChildrenApi;
}

/** Who is being edited: a new user, a stored one, or someone to invite. */
type Editing = { mode: 'create' } | { mode: 'edit'; user: UserRecord } | { mode: 'invite' } | null;

export function usersUrl(locale: string): string {
  return `/admin/users?locale=${encodeURIComponent(locale)}`;
}

/** The back office's users (administrators only): invite, add, change, deactivate, reactivate. */
export function UsersScreen({ data, api = usersApi, treeApi }: UsersScreenProps) {
  const toast = useToast();
  const [users, setUsers] = useState(data.users);
  const [editing, setEditing] = useState<Editing>(null);
  const [errors, setErrors] = useState<UserErrors>({});
  const [busy, setBusy] = useState(false);
  const invites = useInvitations(data.invitations, api);
  const tree = useMemo(() => treeApi ?? invitationTreeApi(data.locale), [treeApi, data.locale]);
  const localeOrder = useMemo(() => data.locales.map((item) => item.code), [data.locales]);
  const active = users.filter((user) => user.is_active);
  const deactivated = users.filter((user) => !user.is_active);

  const open = (next: Editing) => {
    setErrors({});
    invites.setErrors({});
    setEditing(next);
  };
  const stored = (user: UserRecord) =>
    setUsers((current) =>
      current.some((item) => item.id === user.id)
        ? current.map((item) => (item.id === user.id ? user : item))
        : [...current, user],
    );

  const save = async (values: UserFormValues) => {
    if (!editing || editing.mode === 'invite') return;
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

  const setActive = async (user: UserRecord, on: boolean) => {
    const name = user.name || user.username;
    if (!on && !window.confirm(t('people.deactivateConfirm', { name }))) return;
    try {
      stored(await api.update(user.id, { user: { is_active: on } }));
      toast.notice(t(on ? 'people.reactivated' : 'people.deactivated', { name }));
    } catch (error) {
      toast.error(errorsOf(error, t('people.failed')).user ?? t('people.failed'));
    }
  };

  const row = (user: UserRecord) => (
    <PersonRow
      key={user.id}
      user={user}
      self={user.id === data.user.id}
      onEdit={() => open({ mode: 'edit', user })}
      onSetActive={(on) => void setActive(user, on)}
      extra={
        <TwoFactorControl
          user={user}
          superuser={data.user.is_superuser}
          api={api}
          onChange={stored}
        />
      }
    />
  );

  return (
    <>
      <ScreenHeader data={data} localeHref={usersUrl} section="users" />
      <main id={MAIN_ID} className="page-main people">
        <div className="people__top">
          <h1 className="page-title">{t('people.title')}</h1>
          <div className="people__buttons">
            <button type="button" className="button" onClick={() => open({ mode: 'create' })}>
              {t('people.add')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => open({ mode: 'invite' })}
            >
              {t('invitations.invite')}
            </button>
          </div>
        </div>
        <p className="people__intro">{t('people.intro')}</p>
        <ul className="people__list panel" aria-label={t('people.title')}>
          {active.map(row)}
        </ul>
        <section className="people__section" aria-labelledby="people-invitations">
          <h2 className="people__heading" id="people-invitations">
            {t('invitations.title')}
          </h2>
          <InvitationList
            invitations={invites.invitations}
            busy={invites.revoking}
            onRevoke={(invitation) => void invites.revoke(invitation)}
          />
        </section>
        {deactivated.length > 0 && (
          <section className="people__section" aria-labelledby="people-deactivated">
            <h2 className="people__heading" id="people-deactivated">
              {t('people.deactivatedTitle')}
            </h2>
            <p className="people__intro">{t('people.deactivatedIntro')}</p>
            <ul className="people__list panel" aria-label={t('people.deactivatedTitle')}>
              {deactivated.map(row)}
            </ul>
          </section>
        )}
      </main>
      {editing?.mode === 'invite' && (
        <Modal
          title={t('invitations.inviteTitle')}
          className="modal--wide"
          onClose={() => setEditing(null)}
        >
          <InvitationForm
            initial={emptyInvitation(language())}
            pages={data.pages}
            tree={tree}
            locale={data.locale}
            localeOrder={localeOrder}
            errors={invites.errors}
            busy={invites.sending}
            onSubmit={(values) =>
              void invites.send(values).then((sent) => sent && setEditing(null))
            }
            onCancel={() => setEditing(null)}
          />
        </Modal>
      )}
      {editing && editing.mode !== 'invite' && (
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
