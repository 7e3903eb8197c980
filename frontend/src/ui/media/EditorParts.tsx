// The parts the image and attachment dialogs share: texts per locale, refusals named by field,
// the embed code with its copy button, and the dialog's buttons.
import type { ReactNode } from 'react';
import { t } from '../../i18n';
import type { MessageKey } from '../../i18n';
import { copyText } from '../clipboard';
import { useToast } from '../toast';
import './media.css';

export type Texts = Record<string, string>;

/** One text for every locale ('' where there is none yet). */
export function textsFor(locales: readonly { code: string }[], values: Readonly<Texts>): Texts {
  return Object.fromEntries(locales.map((locale) => [locale.code, values[locale.code] ?? '']));
}

/**
 * Say a refusal's `[attribute, message]` pair with the field's label (the server's message is
 * already in the interface language; its attribute is a field name).
 */
export function refusalText(labels: Readonly<Record<string, MessageKey>>) {
  return ([attribute, message]: [string, string]): string => {
    const label = labels[attribute];
    return `${label ? t(label) : attribute}: ${message}`;
  };
}

interface EmbedCodeProps {
  code: string;
  /** What the code is called, before it. */
  label: string;
  copyLabel: string;
  /** The notice once copied, and the error when the browser refuses. */
  copied: string;
  copyFailed: string;
}

/** The embed code and a button that copies it, saying whether that worked. */
export function EmbedCode({ code, label, copyLabel, copied, copyFailed }: EmbedCodeProps) {
  const toast = useToast();
  const copy = () => {
    copyText(code).then(
      () => toast.notice(copied),
      () => toast.error(copyFailed),
    );
  };
  return (
    <div className="media-editor__embed">
      <span>
        {label} <code>{code}</code>
      </span>
      <button type="button" className="button" onClick={copy}>
        {copyLabel}
      </button>
    </div>
  );
}

interface DialogButtonsProps {
  onClose: () => void;
  saving: boolean;
  cancel: string;
  save: string;
  /** The save button's text while saving. */
  savingLabel: string;
}

/** Cancel and Save at the foot of a dialog's form (kept in sight while it scrolls). */
export function DialogButtons({ onClose, saving, cancel, save, savingLabel }: DialogButtonsProps) {
  return (
    <div className="media-editor__buttons">
      <button type="button" className="button" onClick={onClose}>
        {cancel}
      </button>
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? savingLabel : save}
      </button>
    </div>
  );
}

/** The dialog's refusal or failure, announced. */
export function DialogError({ children }: { children: ReactNode }) {
  return (
    <div className="media-editor__error" role="alert">
      {children}
    </div>
  );
}
