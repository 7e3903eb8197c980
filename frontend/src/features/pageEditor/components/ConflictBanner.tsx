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
    <div className="editor-banner editor-banner--warning" role="alert">
      <div className="editor-banner__text">
        <strong>{conflict.detail}</strong>
        <span>
          Your changes are still here. Reload to see the other version and discard yours, or save
          anyway to replace it with yours.
        </span>
      </div>
      <div className="editor-banner__actions">
        <button type="button" className="button" onClick={onReload} disabled={busy}>
          Reload
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={onSaveAnyway}
          disabled={busy}
        >
          Save anyway
        </button>
      </div>
    </div>
  );
}
