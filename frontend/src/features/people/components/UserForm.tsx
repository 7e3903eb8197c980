import { useState } from 'react';
import type { FormEvent } from 'react';
import { t } from '../../../i18n';
import { FormField } from '../../../ui/form/FormField';
import type { UserErrors, UserFormValues } from '../model';

interface UserFormProps {
  mode: 'create' | 'edit';
  initial: UserFormValues;
  /** The signed-in administrator's own user: they can't take their own rights away. */
  self: boolean;
  errors: UserErrors;
  busy: boolean;
  onSubmit: (values: UserFormValues) => void;
  onCancel: () => void;
}

/** Name, email, password and the two flags of an editor; the server's messages beside each. */
export function UserForm({ mode, initial, self, errors, busy, onSubmit, onCancel }: UserFormProps) {
  const [values, setValues] = useState(initial);
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  const text = (key: 'username' | 'name' | 'email' | 'password', label: string, extra = {}) => (
    <FormField id={`user-${key}`} label={label} error={errors[key]} {...extra}>
      {(aria) => (
        <input
          {...aria}
          className="input"
          name={key}
          type={key === 'password' ? 'password' : key === 'email' ? 'email' : 'text'}
          autoComplete={key === 'password' ? 'new-password' : 'off'}
          value={values[key]}
          readOnly={key === 'username' && mode === 'edit'}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </FormField>
  );
  const flag = (key: 'is_superuser' | 'is_active', label: string) => (
    <label className="checkbox">
      <input
        type="checkbox"
        name={key}
        checked={values[key]}
        disabled={self}
        onChange={(event) => set(key, event.target.checked)}
      />
      {label}
    </label>
  );
  return (
    <form className="user-form" onSubmit={submit} noValidate>
      {(errors.form || errors.user) && (
        <p className="user-form__error" role="alert">
          {errors.user ?? errors.form}
        </p>
      )}
      {text('username', t('people.field.username'), {
        description: mode === 'edit' ? t('people.usernameFixed') : undefined,
      })}
      {text('name', t('people.field.name'))}
      {text('email', t('people.field.email'))}
      {text('password', t('people.field.password'), {
        description: mode === 'edit' ? t('people.passwordKeep') : t('people.passwordRules'),
      })}
      {flag('is_superuser', t('people.field.admin'))}
      <p className="user-form__hint">{t('people.adminHint')}</p>
      {mode === 'edit' && flag('is_active', t('people.field.active'))}
      {self && <p className="user-form__hint">{t('people.selfHint')}</p>}
      <div className="user-form__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('people.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {mode === 'create' ? t('people.create') : t('people.save')}
        </button>
      </div>
    </form>
  );
}
