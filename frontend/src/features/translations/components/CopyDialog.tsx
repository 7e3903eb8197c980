import { useState } from 'react';
import { t } from '../../../i18n';
import type { ContentLang } from '../../../ui/contentLocale';
import { Modal } from '../../../ui/modal/Modal';
import type { CopyCandidate } from '../copy';
import { initialPicks } from '../copy';

interface CopyDialogProps {
  candidates: readonly CopyCandidate[];
  sourceName: string;
  sourceLang: ContentLang;
  onCopy: (picked: ReadonlySet<string>) => void;
  onClose: () => void;
}

/**
 * Copy the whole page from another locale: the localized blocks listed, the empty ones
 * ticked; ticking one with text replaces it. Shared blocks are not listed (never copied).
 */
export function CopyDialog({ candidates, sourceName, onCopy, onClose }: CopyDialogProps) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => initialPicks(candidates));
  const toggle = (name: string, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(name);
    else next.delete(name);
    setPicked(next);
  };
  return (
    <Modal title={t('translation.copyTitle', { locale: sourceName })} onClose={onClose}>
      <p className="copy-dialog__help">{t('translation.copyHelp', { locale: sourceName })}</p>
      <ul className="copy-dialog__list">
        {candidates.map(({ block, hasText, hasSource }) => (
          <li key={block.name}>
            <label className="copy-dialog__item">
              <input
                type="checkbox"
                checked={picked.has(block.name)}
                disabled={!hasSource}
                onChange={(event) => toggle(block.name, event.target.checked)}
              />
              <span className="copy-dialog__title">{block.title}</span>
              <span className="copy-dialog__note">
                {!hasSource
                  ? t('translation.copyNoSource', { locale: sourceName })
                  : hasText
                    ? t('translation.copyHasText')
                    : t('translation.copyEmpty')}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <p className="copy-dialog__shared">{t('translation.copyShared')}</p>
      <div className="copy-dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('translation.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={picked.size === 0}
          onClick={() => onCopy(picked)}
        >
          {t('translation.copyConfirm', { count: picked.size })}
        </button>
      </div>
    </Modal>
  );
}
