import { t } from '../../../i18n';
import { Banner } from '../../../ui/banner/Banner';
import type { Conflict } from '../hooks/useEditor';

interface ConflictBannerProps {
  conflict: Conflict;
  onReload: () => void;
  onSaveAnyway: () => void;
  busy: boolean;
}

/** A stale save (409): say so, keep the typed values, offer to reload or to save anyway. */
export function ConflictBanner({ conflict, onReload, onSaveAnyway, busy }: ConflictBannerProps) {
  return (
    <Banner
      tone="warning"
      role="alert"
      actions={
        <>
          <button type="button" className="button" onClick={onReload} disabled={busy}>
            {t('editor.reload')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={onSaveAnyway}
            disabled={busy}
          >
            {t('editor.saveAnyway')}
          </button>
        </>
      }
    >
      <strong>{conflict.detail}</strong>
      <span>{t('editor.conflictHelp')}</span>
    </Banner>
  );
}
