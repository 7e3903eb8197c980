import type { UserRecord } from '../../../api/types';
import { t } from '../../../i18n';

interface UserListProps {
  users: readonly UserRecord[];
  chosen: number | null;
  href: (id: number) => string;
  onChoose: (id: number) => void;
}

/** The back office's users; one is chosen to show and change their grants. */
export function UserList({ users, chosen, href, onChoose }: UserListProps) {
  return (
    <nav className="grant-users panel" aria-label={t('grants.users')}>
      <h2 className="grant-users__title">{t('grants.users')}</h2>
      <ul>
        {users.map((user) => (
          <li key={user.id}>
            <a
              href={href(user.id)}
              aria-current={user.id === chosen ? 'true' : undefined}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                onChoose(user.id);
              }}
            >
              <span className="grant-users__name" dir="auto">
                {user.name || user.username}
              </span>
              <span className="grant-users__meta">
                {user.username}
                {user.is_superuser && ` · ${t('people.role.admin')}`}
                {!user.is_active && ` · ${t('people.status.inactive')}`}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
