// The editor's translation tools (issue 22), apart from the editor itself: which blocks are
// outdated here, what changed in the source since, marking them still right, the source
// locale's page (copying from it, showing it side by side).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Block, Page } from '../../api/types';
import { t } from '../../i18n';
import { HttpError } from '../../lib/http';
import { missingBlocks, outdatedBlocks, translationState } from '../../lib/translations';
import { UNSAVED_EDITS } from '../../ui/toast';
import type { Toaster } from '../../ui/toast';
import type { SourceChanges, TranslationApi } from './api';
import { blocksInLocale, copyBlocks } from './copy';

/** Something read from the server: not yet asked, on its way, there, or failed. */
export type Loaded<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'done'; value: T } | { status: 'failed' };

interface ToolsOptions {
  api: TranslationApi;
  toast: Toaster;
  page: Page;
  /** The locale being edited. */
  locale: string;
  /** The website's default locale: the one translations follow. */
  defaultLocale: string;
  /** A locale's name, in its own language. */
  sourceName: (code: string) => string;
  /** Take the page a mark answered (its new version), keeping the form's edits. */
  adopt: (page: Page) => void;
  /** The form's block values in the locale being edited, as typed. */
  draftBlocks: Readonly<Record<string, string>>;
  /** Change the form's block values in the locale being edited. */
  updateBlocks: (change: (blocks: Record<string, string>) => Record<string, string>) => void;
}

export function useTranslationTools({
  api,
  toast,
  page,
  locale,
  defaultLocale,
  sourceName,
  adopt,
  draftBlocks,
  updateBlocks,
}: ToolsOptions) {
  const [sourceLocale, setSourceLocale] = useState(defaultLocale);
  const [sideBySide, setSideBySide] = useState(false);
  const source = useLoaded(
    useCallback(
      () => (page.id === null ? null : api.loadPage(sourceLocale, page.id)),
      [api, sourceLocale, page.id],
    ),
    // Asked when it is needed: side by side, or a copy.
    sideBySide,
  );
  const outdated = outdatedBlocks(page, locale);
  const missing = missingBlocks(page, locale);
  // A translation that is not current may hold copies of another locale's text, which the
  // changes' answer names: asked at once then, for the marks (else when the changes are opened).
  const state = translationState(page, locale);
  const named = Boolean(blocksInLocale(page.blocks, locale).name);
  const mayHoldCopies = named && (state === 'missing' || state === 'outdated');
  const [changesWanted, setChangesWanted] = useState(false);
  const changes = useLoaded<SourceChanges>(
    useCallback(
      () => (page.id === null ? null : api.sourceChanges(locale, page.id)),
      // A new version of the page may have new changes: asked again after a save or a mark.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [api, locale, page.id, page.lock_version],
    ),
    (changesWanted && outdated.length > 0) || mayHoldCopies,
  );
  const copied: Readonly<Record<string, string>> =
    changes.status === 'done' ? (changes.value.copied_blocks ?? {}) : {};
  const [marking, setMarking] = useState<string | null>(null);

  /** Mark a block still right (outdated), or right as it is (a copy: kept as the translation). */
  const markChecked = useCallback(
    async (block: string, copy = false) => {
      if (page.id === null) return;
      setMarking(block);
      try {
        adopt(await api.markChecked(locale, page.id, page.lock_version, [block]));
        toast.notice(t(copy ? 'translation.keptCopy' : 'translation.markedChecked'));
      } catch (error) {
        const conflict = error instanceof HttpError && error.status === 409;
        toast.error(t(conflict ? 'translation.markConflict' : 'translation.markFailed'));
      } finally {
        setMarking(null);
      }
    },
    [adopt, api, locale, page.id, page.lock_version, toast],
  );

  /** Copy from the source locale: into the empty blocks, or into the ones picked. */
  const copy = useCallback(
    async (blocks: readonly Block[], picked: ReadonlySet<string> | null) => {
      const loaded = source.status === 'done' ? source.value : await source.load();
      if (!loaded) {
        toast.error(t('translation.sourceFailed', { locale: sourceLocale }));
        return;
      }
      const from = blocksInLocale(loaded.blocks, sourceLocale);
      // Counted on the form as it is now; applied to the form as it is when React updates it.
      const count = copyBlocks(blocks, draftBlocks, from, picked).copied.length;
      updateBlocks((current) => copyBlocks(blocks, current, from, picked).blocks);
      // "Save to keep it": true until the form is saved or the copy undone.
      toast
        .about(UNSAVED_EDITS)
        .notice(t('translation.copied', { count, locale: sourceName(sourceLocale) }));
    },
    [draftBlocks, source, sourceLocale, sourceName, toast, updateBlocks],
  );

  return {
    sourceLocale,
    setSourceLocale,
    sideBySide,
    setSideBySide,
    source,
    /** The source page's blocks in the source locale, once loaded. */
    sourceBlocks:
      source.status === 'done' ? blocksInLocale(source.value.blocks, sourceLocale) : null,
    outdated,
    /** Blocks empty here while the default locale has text. */
    missing,
    /** Blocks whose text is a copy of another locale's: block → that locale. */
    copied,
    changes,
    showChanges: () => setChangesWanted(true),
    marking,
    markChecked,
    copy,
  };
}

export type TranslationTools = ReturnType<typeof useTranslationTools>;

/**
 * Read something once `wanted` (and again when `read` changes); `load` reads it now and
 * resolves it, or null when it failed. `read` answering null: nothing to read (a new page).
 */
function useLoaded<T>(read: () => Promise<T> | null, wanted: boolean) {
  const [state, setState] = useState<{ read: typeof read; loaded: Loaded<T> } | null>(null);
  const inFlight = useRef<{ read: typeof read; answer: Promise<T | null> } | null>(null);
  // What was read for an earlier `read` (another locale, version) no longer counts.
  const own = state?.read === read ? state.loaded : null;
  const loaded: Loaded<T> = own ?? (wanted ? { status: 'loading' } : { status: 'idle' });

  const load = useCallback((): Promise<T | null> => {
    if (inFlight.current?.read === read) return inFlight.current.answer;
    const request = read();
    if (!request) return Promise.resolve(null);
    const settle = (next: Loaded<T>) =>
      setState((current) => (inFlight.current?.read === read ? { read, loaded: next } : current));
    const answer = request.then(
      (value) => {
        settle({ status: 'done', value });
        return value;
      },
      () => {
        settle({ status: 'failed' });
        return null;
      },
    );
    inFlight.current = { read, answer };
    return answer;
  }, [read]);
  useEffect(() => {
    if (wanted && own === null) void load();
  }, [wanted, own, load]);
  /** Forget a failure and ask again. */
  const retry = useCallback(() => {
    inFlight.current = null;
    setState(null);
    void load();
  }, [load]);
  return { ...loaded, load, retry };
}
