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
      <label className="checkbox">
        <input
          type="checkbox"
          name="is_superuser"
          checked={values.is_superuser}
          disabled={self}
          onChange={(event) => set('is_superuser', event.target.checked)}
        />
        {t('people.field.admin')}
      </label>
      <p className="user-form__hint">{t('people.adminHint')}</p>
      {mode === 'edit' && (
        <label className="checkbox">
          <input
            type="checkbox"
            name="is_active"
            checked={values.is_active}
            disabled={self}
            onChange={(event) => set('is_active', event.target.checked)}
          />
          {t('people.field.active')}
        </label>
      )}
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
