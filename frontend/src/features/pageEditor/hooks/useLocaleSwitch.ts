import { useCallback, useEffect, useRef } from 'react';
import type { MouseEvent } from 'react';
import type { Locale, Page } from '../../../api/types';
import type { Toaster } from '../../../ui/toast';
import type { EditorApi } from '../api';
import { LOAD_FAILED_MESSAGE, UNSAVED_CHANGES_MESSAGE } from '../errors';
import type { Editor } from './useEditor';

interface LocaleSwitchOptions {
  locale: string;
  setLocale: (locale: string) => void;
  locales: readonly Locale[];
  editor: Editor;
  api: EditorApi;
  toast: Toaster;
  confirm: (message: string) => boolean;
  /** The editor address of a page (or the new page) in a locale, with the current tab. */
  address: (locale: string, id: number | null) => string;
}

/** Return the locale code of an /admin/{locale}/… path, if it has one. */
export function localeOfPath(pathname: string): string | null {
  const match = /^\/admin\/([^/]+)\/pages(?:\/|$)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * Switch the editor's locale in place (spec §2: the address is rewritten without a page load):
 * ask first when there are unsaved changes, load the page in the new locale, push the new
 * address. Back and Forward switch back. The document keeps the interface language's lang and
 * dir: the content fields take the content locale's (ui/contentLocale).
 */
export function useLocaleSwitch({
  locale,
  setLocale,
  locales,
  editor,
  api,
  toast,
  confirm,
  address,
}: LocaleSwitchOptions) {
  const request = useRef(0);
  const { page, dirty, saving, replace } = editor;

  /** Load the page in `code` and show it: 'failed' to load, or 'overtaken' by a later switch. */
  const switchTo = useCallback(
    async (code: string): Promise<'done' | 'failed' | 'overtaken'> => {
      const seq = ++request.current;
      let next: Page = page;
      if (page.id) {
        try {
          next = await api.load(code, page.id);
        } catch {
          if (seq !== request.current) return 'overtaken';
          toast.error(LOAD_FAILED_MESSAGE);
          return 'failed';
        }
        if (seq !== request.current) return 'overtaken';
      }
      replace(next, code);
      setLocale(code);
      return 'done';
    },
    [api, page, replace, setLocale, toast],
  );

  const onLocaleClick = useCallback(
    (code: string, event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (code === locale || saving) return;
      if (dirty && !confirm(UNSAVED_CHANGES_MESSAGE)) return;
      void switchTo(code).then((outcome) => {
        if (outcome === 'done')
          window.history.pushState({ locale: code }, '', address(code, page.id));
      });
    },
    [address, confirm, dirty, locale, page.id, saving, switchTo],
  );

  useEffect(() => {
    const known = new Set(locales.map((item) => item.code));
    const onPopState = () => {
      const code = localeOfPath(window.location.pathname);
      if (!code || code === locale || !known.has(code)) return;
      const back = () => window.history.pushState(null, '', address(locale, page.id));
      if (saving || (dirty && !confirm(UNSAVED_CHANGES_MESSAGE))) {
        back();
        return;
      }
      void switchTo(code).then((outcome) => {
        // A page created since that entry was made now lives at its own address.
        if (outcome === 'done') {
          window.history.replaceState(window.history.state, '', address(code, page.id));
        } else if (outcome === 'failed') {
          back();
        }
      });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [address, confirm, dirty, locale, locales, page.id, saving, switchTo]);

  return onLocaleClick;
}
