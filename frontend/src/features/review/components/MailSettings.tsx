import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { t } from '../../../i18n';
import type { MessageKey } from '../../../i18n';
import { createNoticesApi } from '../header/noticesApi';
import type { MailSettings as Settings, NoticesApi } from '../header/noticesApi';

type Kind = keyof Settings;

/** The kinds in the order the account lists them, each with its words. */
const KINDS: readonly [Kind, MessageKey][] = [
  ['review_waiting', 'notices.mail.review_waiting'],
  ['review_approved', 'notices.mail.review_approved'],
  ['review_changes_requested', 'notices.mail.review_changes_requested'],
  ['review_withdrawn', 'notices.mail.review_withdrawn'],
];

type State = 'loading' | 'failed' | Record<Kind, boolean>;

/**
 * The account page's mail switches (issue 32): per kind of notification, whether it also comes
 * by mail (the in-app list has them all). Saved together; a failure keeps what was chosen.
 */
export function MailSettings({ api }: { api?: NoticesApi }) {
  const calls = useMemo(() => api ?? createNoticesApi(), [api]);
  const [chosen, setChosen] = useState<State>('loading');
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    calls.mailSettings().then(
      (mail) => current && setChosen(whole(mail)),
      () => current && setChosen('failed'),
    );
    return () => {
      current = false;
    };
  }, [calls]);

  if (chosen === 'loading') return <p>{t('notices.loading')}</p>;
  if (chosen === 'failed') return <p role="alert">{t('notices.mail.loadFailed')}</p>;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSaid(null);
    try {
      setChosen(whole(await calls.setMailSettings(chosen)));
      setSaid({ text: t('notices.mail.saved'), failed: false });
    } catch {
      setSaid({ text: t('notices.mail.failed'), failed: true });
    }
    setBusy(false);
  };

  return (
    <form className="server-form" onSubmit={(event) => void save(event)}>
      <fieldset className="mail-settings">
        <legend>{t('notices.mail.title')}</legend>
        <p className="form-field__description">{t('notices.mail.intro')}</p>
        {KINDS.map(([kind, label]) => (
          <label key={kind} className="mail-settings__choice">
            <input
              type="checkbox"
              checked={chosen[kind]}
              onChange={(event) => {
                setSaid(null);
                setChosen({ ...chosen, [kind]: event.target.checked });
              }}
            />{' '}
            {t(label)}
          </label>
        ))}
      </fieldset>
      <div className="server-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('notices.mail.save')}
        </button>
        <span role={said?.failed ? 'alert' : 'status'}>{said?.text}</span>
      </div>
    </form>
  );
}

/** Every kind, on unless the answer turns it off (a kind a newer server adds is left alone). */
function whole(mail: Settings): Record<Kind, boolean> {
  return Object.fromEntries(KINDS.map(([kind]) => [kind, mail[kind] !== false])) as Record<
    Kind,
    boolean
  >;
}
