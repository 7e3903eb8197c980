// Why a link is broken, in words (DESIGN §3: `reason` of GET …/broken_links.json). Internal
// links name their page's state; external ones what the checker found; a reason this screen
// does not know yet still reads as a sentence, with the server's word in it.
import { t } from '../../i18n';

/** The reasons of internal links: the page linked to is not there for visitors. */
const INTERNAL = new Set(['deleted', 'unpublished', 'missing']);

/** Whether the reason is the external checker's (the link leaves the site). */
export function isExternalReason(reason: string): boolean {
  return !INTERNAL.has(reason);
}

/** The reason as a sentence in the interface language. */
export function reasonText(reason: string): string {
  switch (reason) {
    case 'deleted':
      return t('links.reason.deleted');
    case 'unpublished':
      return t('links.reason.unpublished');
    case 'missing':
      return t('links.reason.missing');
    case 'timeout':
      return t('links.reason.timeout');
    case 'redirect_loop':
      return t('links.reason.redirect_loop');
    case 'too_many_redirects':
      return t('links.reason.too_many_redirects');
    case 'connection_failed':
      return t('links.reason.connection_failed');
    case 'blocked_address':
      return t('links.reason.blocked_address');
    case 'dns':
      return t('links.reason.dns');
    case 'tls':
      return t('links.reason.tls');
    case 'bad_url':
      return t('links.reason.bad_url');
    case 'bad_response':
      return t('links.reason.bad_response');
    case 'check_failed':
      return t('links.reason.check_failed');
    case 'http_404':
      return t('links.reason.http_404');
    case 'http_410':
      return t('links.reason.http_410');
  }
  const status = /^http_([1-5][0-9]{2})$/.exec(reason);
  if (status) {
    const code = Number(status[1]);
    return t(code >= 500 ? 'links.reason.http_server' : 'links.reason.http', { status: code });
  }
  return t('links.reason.other', { reason });
}
