import { t } from '../../i18n';

interface StatusProps {
  failed: boolean;
  loading: boolean;
  retry: () => void;
  text: string;
}

/** What the list shows now (announced): loading, failed with a retry, or its count. */
export function Status({ failed, loading, retry, text }: StatusProps) {
  return (
    <div aria-live="polite" className="reports__status">
      {failed ? (
        <p>
          {t('reports.failed')}{' '}
          <button type="button" className="button button--link" onClick={retry}>
            {t('reports.retry')}
          </button>
        </p>
      ) : (
        <p>{loading ? t('reports.loading') : text}</p>
      )}
    </div>
  );
}
