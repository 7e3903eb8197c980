// The parts the image and attachment dialogs share: texts per locale, refusals named by field,
// the embed code with its copy button, and the dialog's buttons.
import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import type { MessageKey } from '../../../i18n';
import { copyText } from '../../../ui/clipboard';
import { useToast } from '../../../ui/toast';
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

/** Which dialog: the image's or the attachment's (their texts differ a little). */
export type MediaKind = 'image' | 'attachment';

/** Each dialog's texts for the shared parts. */
const TEXTS = {
  image: {
    embedCode: 'images.dialog.embedCode',
    copyEmbed: 'images.dialog.copyEmbed',
    copied: 'images.dialog.embedCopied',
    copyFailed: 'images.dialog.copyFailed',
    cancel: 'images.dialog.cancel',
    save: 'images.dialog.save',
    saving: 'images.dialog.saving',
  },
  attachment: {
    embedCode: 'attachment.embedCode',
    copyEmbed: 'attachment.copyEmbed',
    copied: 'attachment.embedCopied',
    copyFailed: 'attachment.copyFailed',
    cancel: 'attachment.cancel',
    save: 'attachment.save',
    saving: 'attachment.saving',
  },
} as const satisfies Record<MediaKind, Record<string, MessageKey>>;

/** The embed code and a button that copies it, saying whether that worked. */
export function EmbedCode({ kind, code }: { kind: MediaKind; code: string }) {
  const toast = useToast();
  const texts = TEXTS[kind];
  const copy = () => {
    copyText(code).then(
      () => toast.notice(t(texts.copied)),
      () => toast.error(t(texts.copyFailed)),
    );
  };
  return (
    <div className="media-editor__embed">
      <span>
        {t(texts.embedCode)} <code>{code}</code>
      </span>
      <button type="button" className="button" onClick={copy}>
        {t(texts.copyEmbed)}
      </button>
    </div>
  );
}

interface DialogButtonsProps {
  kind: MediaKind;
  onClose: () => void;
  saving: boolean;
}

/** Cancel and Save at the foot of a dialog's form (kept in sight while it scrolls). */
export function DialogButtons({ kind, onClose, saving }: DialogButtonsProps) {
  const texts = TEXTS[kind];
  return (
    <div className="media-editor__buttons">
      <button type="button" className="button" onClick={onClose}>
        {t(texts.cancel)}
      </button>
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? t(texts.saving) : t(texts.save)}
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
