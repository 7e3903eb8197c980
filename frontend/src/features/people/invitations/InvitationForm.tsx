import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { PagePermission } from '../../../api/types';
import type { PageChildrenApi } from '../../../entities/grants/api';
import { GrantTree } from '../../../entities/grants/GrantTree';
import { PERMISSIONS, RIGHT_LABELS, grantMap, toggle } from '../../../entities/grants/model';
import type { GrantPage, Target } from '../../../entities/grants/model';
import { useGrantTree } from '../../../entities/grants/useGrantTree';
import { LANGUAGES, t } from '../../../i18n';
import type { Language } from '../../../i18n';
import { displayName } from '../../../lib/page';
import { FormField } from '../../../ui/form/FormField';
import { LANGUAGE_NAMES, pendingGrants, withEntry, withoutEntry } from './model';
import type { InvitationErrors, InvitationValues } from './model';

interface InvitationFormProps {
  initial: InvitationValues;
  /** The tree's top level and where its children come from, pages named in `locale`. */
  pages: readonly GrantPage[];
  tree: PageChildrenApi;
  locale: string;
  localeOrder: readonly string[];
  errors: InvitationErrors;
  busy: boolean;
  onSubmit: (values: InvitationValues) => void;
  onCancel: () => void;
}

const RIGHT_LABEL = RIGHT_LABELS;

/** Who to invite, in which language, and the rights they will hold: the grants editor's tree. */
export function InvitationForm(props: InvitationFormProps) {
  const { errors, busy, locale, localeOrder } = props;
  const [values, setValues] = useState(props.initial);
  const [ticked, setTicked] = useState<Target[]>([]);
  const [rights, setRights] = useState<PagePermission[]>(['edit']);
  const { tree, rows, loads, setOpen } = useGrantTree(props.pages, props.tree);
  const held = useMemo(() => grantMap(pendingGrants(values.grants)), [values.grants]);
  const set = <K extends keyof InvitationValues>(key: K, value: InvitationValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const nameOf = (target: Target) =>
    target === null
      ? t('grants.root')
      : displayName(tree.pages.get(target)?.blocks.name, locale, localeOrder);
  const addRights = () => {
    set('grants', withEntry(values.grants, ticked, rights));
    setTicked([]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmitValues();
  };
  const onSubmitValues = () => props.onSubmit(values);

  return (
    <form className="user-form invitation-form" onSubmit={submit} noValidate>
      {errors.form && (
        <p className="user-form__error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="invitation-form__who">
        <FormField id="invitation-email" label={t('people.field.email')} error={errors.email}>
          {(aria) => (
            <input
              {...aria}
              className="input"
              name="email"
              type="email"
              autoComplete="off"
              dir="ltr"
              value={values.email}
              onChange={(event) => set('email', event.target.value)}
            />
          )}
        </FormField>
        <FormField id="invitation-name" label={t('people.field.name')} error={errors.name}>
          {(aria) => (
            <input
              {...aria}
              className="input"
              name="name"
              autoComplete="off"
              dir="auto"
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
            />
          )}
        </FormField>
        <FormField
          id="invitation-language"
          label={t('invitations.field.language')}
          description={t('invitations.languageHint')}
          error={errors.language}
        >
          {(aria) => (
            <select
              {...aria}
              className="input"
              name="language"
              value={values.language}
              onChange={(event) => set('language', event.target.value as Language)}
            >
              {LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          name="is_superuser"
          checked={values.is_superuser}
          onChange={(event) => set('is_superuser', event.target.checked)}
        />
        {t('people.field.admin')}
      </label>
      <p className="user-form__hint">{t('people.adminHint')}</p>
      {!values.is_superuser && (
        <fieldset className="invitation-form__rights">
          <legend>{t('invitations.rights')}</legend>
          {errors.grants && (
            <p className="user-form__error" role="alert">
              {errors.grants}
            </p>
          )}
          {values.grants.length === 0 ? (
            <p className="user-form__hint">{t('invitations.noRights')}</p>
          ) : (
            <ul className="invitation-form__entries" aria-label={t('invitations.rightsChosen')}>
              {values.grants.map((entry, index) => {
                const what = entry.permissions.map((p) => t(RIGHT_LABEL[p])).join(' + ');
                const where = entry.targets.map(nameOf).join(', ');
                return (
                  <li key={index}>
                    <span>
                      <strong>{what}</strong> · <span dir="auto">{where}</span>
                    </span>
                    <button
                      type="button"
                      className="button button--link"
                      aria-label={t('invitations.removeRights', { rights: what, pages: where })}
                      onClick={() => set('grants', withoutEntry(values.grants, index))}
                    >
                      {t('invitations.remove')}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="invitation-form__add">
            <span className="invitation-form__ticked">
              {t('invitations.ticked', { count: ticked.length })}
            </span>
            {PERMISSIONS.map((permission) => (
              <label key={permission} className="checkbox">
                <input
                  type="checkbox"
                  checked={rights.includes(permission)}
                  onChange={(event) =>
                    setRights((current) =>
                      event.target.checked
                        ? [...current, permission]
                        : current.filter((p) => p !== permission),
                    )
                  }
                />
                {t(RIGHT_LABEL[permission])}
              </label>
            ))}
            <button
              type="button"
              className="button"
              disabled={ticked.length === 0 || rights.length === 0}
              onClick={addRights}
            >
              {t('invitations.addRights')}
            </button>
          </div>
          <div className="invitation-form__tree">
            <GrantTree
              tree={tree}
              rows={rows}
              grants={held}
              selected={new Set(ticked)}
              loads={loads}
              locale={locale}
              localeOrder={localeOrder}
              onTick={(target, on) => setTicked((current) => toggle(current, target, on))}
              onOpen={(id, on) => void setOpen(id, on)}
            />
          </div>
        </fieldset>
      )}
      <div className="user-form__actions">
        <button type="button" className="button" onClick={props.onCancel}>
          {t('people.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('invitations.send')}
        </button>
      </div>
    </form>
  );
}
