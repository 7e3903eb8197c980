import { LOGIN_URL } from '../../../lib/requestFailure';
import type { RequestFailure } from '../../../lib/requestFailure';
import './saveFailure.css';

export const SESSION_ENDED_MESSAGE = 'Your session has ended, so the page was not saved.';
export const CONNECTION_LOST_MESSAGE = 'The connection to the server was lost.';
export const SERVER_ERROR_MESSAGE = 'The server ran into an error and did not save the page.';
const KEPT = 'Everything you typed is still here.';

/**
 * Why the last save failed and what to do about it, beside the spec's toast ('An error occured
 * while saving your changes.'): log in again in a new tab (the typed values stay on this one),
 * save again once the connection is back, or quote the request id of a server error.
 */
export function SaveFailureBanner({ failure }: { failure: RequestFailure }) {
  return (
    <div className="editor-banner editor-banner--error" role="alert">
      <div className="editor-banner__text">{explanation(failure)}</div>
    </div>
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
              Log in again (opens in a new tab)
            </a>
            , then come back and save.
          </span>
        </>
      );
    case 'network':
      return (
        <>
          <strong>{CONNECTION_LOST_MESSAGE}</strong>
          <span>{KEPT} Check your connection, then save again.</span>
        </>
      );
    case 'server':
      return (
        <>
          <strong>{SERVER_ERROR_MESSAGE}</strong>
          <span>
            {KEPT} Try saving again; if it keeps failing, give your administrator this request id
            {failure.requestId ? (
              <>
                : <code className="editor-banner__code">{failure.requestId}</code>
              </>
            ) : (
              ' (none was given) and the time it happened.'
            )}
          </span>
        </>
      );
    case 'refused':
      return (
        <>
          <strong>The page was not saved.</strong>
          <span>
            {failure.detail} {KEPT}
          </span>
        </>
      );
  }
}
