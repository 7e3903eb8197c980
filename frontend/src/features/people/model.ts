// The users form's pure logic: its values, what a save sends, and the server's messages by field.
import type { UserRecord } from '../../api/types';
import { HttpError } from '../../lib/http';

export type UserField = 'username' | 'password' | 'name' | 'email' | 'is_superuser' | 'is_active';

export interface UserFormValues {
  username: string;
  name: string;
  email: string;
  /** Blank when editing: the password stays as it is. */
  password: string;
  is_superuser: boolean;
  is_active: boolean;
}

/** Messages per field ('user' and 'form': about the whole user, shown above the fields). */
export type UserErrors = Partial<Record<UserField | 'user' | 'form', string>>;

export const EMPTY_USER: UserFormValues = {
  username: '',
  name: '',
  email: '',
  password: '',
  is_superuser: false,
  is_active: true,
};

/** The form's values for a stored user (the password blank). */
export function valuesOf(user: UserRecord): UserFormValues {
  const { username, name, email, is_superuser, is_active } = user;
  return { username, name, email, password: '', is_superuser, is_active };
}

/** The body of POST /admin/users.json. */
export function createPayload(values: UserFormValues) {
  const { username, password, name, email, is_superuser } = values;
  return { user: { username: username.trim(), password, name, email, is_superuser } };
}

/** The body of PUT /admin/users/{id}.json: only what changed (a blank password: unchanged). */
export function updatePayload(user: UserRecord, values: UserFormValues) {
  const changes: Partial<Omit<UserFormValues, 'username'>> = {};
  if (values.name !== user.name) changes.name = values.name;
  if (values.email !== user.email) changes.email = values.email;
  if (values.password) changes.password = values.password;
  if (values.is_superuser !== user.is_superuser) changes.is_superuser = values.is_superuser;
  if (values.is_active !== user.is_active) changes.is_active = values.is_active;
  return { user: changes };
}

/** Whether a save would change anything. */
export function hasChanges(user: UserRecord, values: UserFormValues): boolean {
  return Object.keys(updatePayload(user, values).user).length > 0;
}

const FIELDS: readonly string[] = ['username', 'password', 'name', 'email', 'user'];

/**
 * Read a refused save's messages by field (`errors` as [field, message] pairs; several for one
 * field, such as the password rules, joined). Anything else is about the form as a whole.
 */
export function errorsOf(error: unknown, fallback: string): UserErrors {
  if (!(error instanceof HttpError)) return { form: fallback };
  const body = error.body as { errors?: unknown } | null;
  const pairs = Array.isArray(body?.errors) ? body.errors : [];
  const errors: UserErrors = {};
  for (const pair of pairs) {
    if (!Array.isArray(pair) || typeof pair[1] !== 'string') continue;
    const field = typeof pair[0] === 'string' && FIELDS.includes(pair[0]) ? pair[0] : 'form';
    const key = field as keyof UserErrors;
    errors[key] = errors[key] ? `${errors[key]} ${pair[1]}` : pair[1];
  }
  if (Object.keys(errors).length === 0) errors.form = error.message || fallback;
  return errors;
}
