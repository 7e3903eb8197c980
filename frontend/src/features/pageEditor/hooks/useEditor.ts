import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Page, Template } from '../../../api/types';
import type { RequestFailure } from '../../../lib/requestFailure';
import { UNSAVED_EDITS } from '../../../ui/toast';
import type { Toaster } from '../../../ui/toast';
import type { EditorApi } from '../api';
import {
  LOAD_FAILED_MESSAGE,
  SAVED_MESSAGE,
  SAVE_FAILED_MESSAGE,
  VALIDATION_MESSAGE,
  errorsAfterEdit,
  fieldErrors,
} from '../errors';
import { draftFromPage, findTemplate, isDirty, unconfiguredBlocks } from '../model';
import { adoptSavedFiles } from '../../../entities/media/attachments/list';
import { adoptSavedLinks } from '../../../entities/media/images/grid';
import { buildPayload } from '../payload';
import type { PagePayload } from '../payload';
import type { Draft, FieldErrors, MetaImage } from '../types';

export interface Conflict {
  detail: string;
  lockVersion: number;
}

interface EditorState {
  /** The page as the server last answered it (id, ancestors, urls, meta image). */
  page: Page;
  saved: Draft;
  draft: Draft;
  errors: FieldErrors;
  conflict: Conflict | null;
  /** Why the last save failed, when it failed for want of a session, a server or a network. */
  failure: RequestFailure | null;
  saving: boolean;
}

interface EditorOptions {
  page: Page;
  locale: string;
  templates: Template[];
  api: EditorApi;
  toast: Toaster;
  /** Called once a new page has been created, with its id. */
  onCreated: (id: number) => void;
}

function fresh(page: Page, locale: string, templates: Template[]): EditorState {
  const draft = draftFromPage(page, locale, templates);
  return { page, saved: draft, draft, errors: {}, conflict: null, failure: null, saving: false };
}

/** The editor's state: the draft, what was saved, errors, a conflict, and the save calls. */
export function useEditor({ page, locale, templates, api, toast, onCreated }: EditorOptions) {
  const [state, setState] = useState(() => fresh(page, locale, templates));
  const saving = useRef(false);
  const template = findTemplate(templates, state.draft.template);
  const unconfigured = useMemo(
    () => unconfiguredBlocks(template, templates, state.saved.blocks, state.draft.blocks),
    [template, templates, state.saved.blocks, state.draft.blocks],
  );

  // An edited field's refusal goes: the next save checks the field again.
  const update = useCallback((change: (draft: Draft) => Draft) => {
    setState((current) => {
      const draft = change(current.draft);
      return { ...current, draft, errors: errorsAfterEdit(current.errors, current.draft, draft) };
    });
  }, []);
  const dirty = isDirty(state.saved, state.draft);
  const refused = Object.keys(state.errors).length > 0;
  // Messages that stopped being true go: "save to keep it" once nothing is left unsaved, the
  // save's refusal once every refused field was edited.
  useEffect(() => {
    if (!dirty) toast.about(UNSAVED_EDITS).clear();
  }, [dirty, toast]);
  useEffect(() => {
    if (!refused) toast.withdraw(VALIDATION_MESSAGE);
  }, [refused, toast]);

  const payloadOf = useCallback(
    (draft: Draft): PagePayload =>
      buildPayload(draft, {
        template: findTemplate(templates, draft.template),
        unconfigured: unconfiguredBlocks(
          findTemplate(templates, draft.template),
          templates,
          state.saved.blocks,
          draft.blocks,
        ).map((block) => block.name),
        isNew: !state.page.id,
      }),
    [templates, state.saved.blocks, state.page.id],
  );

  const save = useCallback(
    async (over?: Pick<Draft, 'lock_version' | 'parent_page_id'>) => {
      if (saving.current) return;
      saving.current = true;
      const startedFrom = state.draft;
      const sent = over === undefined ? startedFrom : { ...startedFrom, ...over };
      setState((current) => ({
        ...current,
        saving: true,
        conflict: null,
        failure: null,
        draft: current.draft === startedFrom ? sent : { ...current.draft, ...over },
      }));
      const result = await api.save(locale, state.page.id, payloadOf(sent));
      saving.current = false;
      setState((current) => {
        const done = { ...current, saving: false };
        switch (result.kind) {
          case 'saved': {
            const saved = draftFromPage(result.page, locale, templates);
            // Keep anything typed while the save was on its way.
            const unchanged = current.draft === sent;
            const draft = unchanged
              ? saved
              : {
                  ...current.draft,
                  lock_version: saved.lock_version,
                  images: adoptSavedLinks(current.draft.images, saved.images),
                  files: adoptSavedFiles(current.draft.files, saved.files),
                };
            return { ...done, page: result.page, saved, draft, errors: {} };
          }
          case 'invalid':
            return { ...done, errors: fieldErrors(result.errors) };
          case 'conflict':
            return {
              ...done,
              conflict: { detail: result.detail, lockVersion: result.lockVersion },
            };
          case 'failed':
            return { ...done, failure: result.failure };
        }
      });
      // Messages about an earlier save that this one contradicts go, shown or waiting.
      if (result.kind === 'saved') {
        // What was unsaved is kept now, even when more was typed while the save went.
        toast.about(UNSAVED_EDITS).clear();
        toast.withdraw(VALIDATION_MESSAGE);
        toast.withdraw(SAVE_FAILED_MESSAGE);
        toast.notice(SAVED_MESSAGE);
        if (!state.page.id && result.page.id) onCreated(result.page.id);
      } else {
        toast.withdraw(SAVED_MESSAGE);
        if (result.kind === 'invalid') toast.error(VALIDATION_MESSAGE);
        else if (result.kind === 'failed') toast.error(SAVE_FAILED_MESSAGE);
      }
    },
    [api, locale, templates, toast, onCreated, payloadOf, state.draft, state.page.id],
  );

  /**
   * Save over a newer version (after a 409): the typed content wins, but the page stays where
   * the tree put it meanwhile (the editor never moves a page), so its parent is read first.
   */
  const saveAnyway = useCallback(async () => {
    const { conflict, page: shown, draft } = state;
    if (!conflict || !shown.id) return;
    let parent = draft.parent_page_id;
    try {
      parent = (await api.load(locale, shown.id)).parent_page_id;
    } catch {
      // Unread, the parent the editor knows is the best guess; the save says if it fails.
    }
    await save({ lock_version: conflict.lockVersion, parent_page_id: parent });
  }, [api, locale, save, state]);

  const reload = useCallback(async () => {
    if (!state.page.id) return;
    try {
      setState(fresh(await api.load(locale, state.page.id), locale, templates));
    } catch {
      toast.error(LOAD_FAILED_MESSAGE);
    }
  }, [api, locale, templates, toast, state.page.id]);

  /** Start over from a page as the server answered it, in a locale (a locale switch). */
  const replace = useCallback(
    (next: Page, nextLocale: string) => setState(fresh(next, nextLocale, templates)),
    [templates],
  );

  /**
   * Take a page the server answered to a call that changed no field the form edits (marking
   * a translation checked): its record and version are kept, the typed edits too, so the next
   * save goes on from it as from a save.
   */
  const adopt = useCallback((next: Page) => {
    setState((current) => ({
      ...current,
      page: next,
      saved: { ...current.saved, lock_version: next.lock_version },
      draft: { ...current.draft, lock_version: next.lock_version },
    }));
  }, []);

  /** Choose (or remove, with null) the social sharing image. */
  const setMetaImage = useCallback((image: MetaImage | null) => {
    setState((current) => {
      const draft = { ...current.draft, meta_image_id: image?.id ?? null };
      return {
        ...current,
        page: { ...current.page, meta_image: image },
        draft,
        errors: errorsAfterEdit(current.errors, current.draft, draft),
      };
    });
  }, []);

  return {
    ...state,
    template,
    unconfigured,
    dirty,
    update,
    save,
    saveAnyway,
    reload,
    replace,
    adopt,
    setMetaImage,
    previewPayload: () => payloadOf(state.draft),
    /** The payload a save of this draft would send (the working copy keeps the form's). */
    payloadOf,
  };
}

export type Editor = ReturnType<typeof useEditor>;
