import { useEffect } from 'react';

/** Return whether a click on this link leaves the current document. */
export function leavesDocument(link: HTMLAnchorElement, location: Location): boolean {
  if (link.target && link.target !== '_self') return false;
  if (link.hasAttribute('download')) return false;
  // The screen handles these clicks itself (a locale switch in place) and asks on its own.
  if (link.hasAttribute('data-client-nav')) return false;
  const url = new URL(link.href, location.href);
  return !(
    url.origin === location.origin &&
    url.pathname === location.pathname &&
    url.search === location.search
  );
}

const askBrowser = (text: string): boolean => window.confirm(text);

/** While there are unsaved changes, ask before leaving: on links, reloads and closing the tab. */
export function useLeaveGuard(
  dirty: boolean,
  message: string,
  confirm: (message: string) => boolean = askBrowser,
): void {
  useEffect(() => {
    if (!dirty) return;
    let confirmed = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (confirmed) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || !leavesDocument(link, window.location)) return;
      if (confirm(message)) confirmed = true;
      else event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, message, confirm]);
}
