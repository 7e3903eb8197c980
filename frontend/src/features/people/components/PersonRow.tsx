import type { ReactNode } from 'react';
import type { UserRecord } from '../../../api/types';
import { t } from '../../../i18n';

interface PersonRowProps {
  user: UserRecord;
  /** The signed-in administrator: nobody deactivates themself. */
  self: boolean;
  onEdit: () => void;
  onSetActive: (active: boolean) => void;
  /** More badges and controls of the user (their two-step sign-in). */
  extra?: ReactNode;
}

/** One user: name, username and address, role and state, Edit and (De)activate. */
export function PersonRow({ user, self, onEdit, onSetActive, extra }: PersonRowProps) {
  const name = user.name || user.username;
  return (
    <li className={`person${user.is_active ? '' : ' person--inactive'}`}>
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
        {extra}
      </div>
      <div className="person__actions">
        <button
          type="button"
          className="button"
          aria-label={t('people.editNamed', { name })}
          onClick={onEdit}
        >
          {t('people.edit')}
        </button>
        {!self && (
          <button
            type="button"
            className={user.is_active ? 'button button--link' : 'button button--primary'}
            aria-label={t(user.is_active ? 'people.deactivateNamed' : 'people.reactivateNamed', {
              name,
            })}
            onClick={() => onSetActive(!user.is_active)}
          >
            {user.is_active ? t('people.deactivate') : t('people.reactivate')}
          </button>
        )}
      </div>
    </li>
  );
}
