import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { t } from '../../i18n';

interface LinkFormProps {
  onSubmit: (href: string) => void;
  onCancel: () => void;
}

/** The link tool's address box; Enter adds the link, Escape closes it. */
export function LinkForm({ onSubmit, onCancel }: LinkFormProps) {
  const id = useId();
  const [href, setHref] = useState('');
  const submit = () => {
    if (href.trim()) onSubmit(href.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <div className="rich-text__link">
      <label htmlFor={id} className="visually-hidden">
        {t('richText.linkAddress')}
      </label>
      <input
        id={id}
        className="input"
        type="url"
        dir="ltr"
        placeholder={t('richText.linkPlaceholder')}
        value={href}
        autoFocus
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="button" className="button" onClick={submit} disabled={!href.trim()}>
        {t('richText.addLink')}
      </button>
      <button type="button" className="button button--link" onClick={onCancel}>
        {t('richText.cancel')}
      </button>
    </div>
  );
}
