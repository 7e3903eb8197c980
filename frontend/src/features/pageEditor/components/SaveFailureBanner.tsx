import { t } from '../../../i18n';
import { Banner } from '../../../ui/banner/Banner';
import { LOGIN_URL } from '../../../lib/requestFailure';
import type { RequestFailure } from '../../../lib/requestFailure';
import './saveFailure.css';

export const SESSION_ENDED_MESSAGE = t('editor.sessionEnded');
export const CONNECTION_LOST_MESSAGE = t('editor.connectionLost');
export const SERVER_ERROR_MESSAGE = t('editor.serverError');
const KEPT = t('editor.kept');

/**
 * Why the last save failed and what to do about it, beside the spec's toast ('An error occured
 * while saving your changes.'): log in again in a new tab (the typed values stay on this one),
 * save again once the connection is back, or quote the request id of a server error.
 */
export function SaveFailureBanner({ failure }: { failure: RequestFailure }) {
  return (
    <Banner tone="error" role="alert">
      {explanation(failure)}
    </Banner>
  );
}

function explanation(failure: RequestFailure) {
  switch (failure.kind) {
    case 'session':
      return (
        <>
          <strong>{SESSION_ENDED_MESSAGE}</strong>
          <span>
            {KEPT}{' '}
            <a href={LOGIN_URL} target="_blank" rel="noopener">
              {t('editor.logInAgain')}
            </a>
            {t('editor.thenSave')}
          </span>
        </>
      );
    case 'network':
      return (
        <>
          <strong>{CONNECTION_LOST_MESSAGE}</strong>
          <span>
            {KEPT} {t('editor.checkConnection')}
          </span>
        </>
      );
    case 'server':
      return (
        <>
          <strong>{SERVER_ERROR_MESSAGE}</strong>
          <span>
            {KEPT}{' '}
            {failure.requestId ? (
              <>
                {t('editor.tryAgainId')}{' '}
                <code className="editor-banner__code">{failure.requestId}</code>
              </>
            ) : (
              t('editor.tryAgainNoId')
            )}
          </span>
        </>
      );
    case 'refused':
      return (
        <>
          <strong>{t('editor.notSaved')}</strong>
          <span>
            {failure.detail} {KEPT}
          </span>
        </>
      );
  }
}
