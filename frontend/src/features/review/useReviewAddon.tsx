// Review before publishing as an editor add-on (features/pageEditor/addons.ts; DESIGN §3): for
// one who holds `submit` without `edit`, Save becomes "Submit for review" whenever saving would
// change what visitors see, and the change sent waits under a banner (Withdraw) while the live
// page stays and the form stays theirs to go on editing (the working copy keeps it).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Block, Review } from '../../api/types';
import { t } from '../../i18n';
import { useToast } from '../../ui/toast';
import { attributeLabel } from '../pageEditor/addons';
import type { EditorAddonContext, EditorAddonParts } from '../pageEditor/addons';
import { createReviewApi, createWorkingCopyReader } from './api';
import type { ReviewApi, SubmitResult, WorkingCopyReader } from './api';
import { BlockNotes } from './components/BlockNotes';
import { ReviewBanner } from './components/ReviewBanner';
import { SubmitDialog } from './components/SubmitDialog';
import { currentReview, localizedBlocks, mustSubmit, otherLocaleChanges } from './model';
import { formatNames } from '../../lib/when';
import { STATUS_DRAFT, editPageUrl } from '../../lib/page';
import './review.css';

export interface ReviewAddonOptions {
  api?: ReviewApi;
  /** Where the author's working copies in other locales are read from. */
  copies?: WorkingCopyReader;
}

export function useReviewAddon(
  { data, editor, locale, submitOnly }: EditorAddonContext,
  { api, copies }: ReviewAddonOptions = {},
): EditorAddonParts {
  const calls = useMemo(() => api ?? createReviewApi(), [api]);
  const workingCopies = useMemo(() => copies ?? createWorkingCopyReader(), [copies]);
  const toast = useToast();
  const pageId = editor.page.id;
  const userId = data.user.id;
  const [reviews, setReviews] = useState<Review[]>([]);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { templates, locales } = data;
  const { payloadOf, draft, saved } = editor;

  // Only an author who must submit has changes of their own to be told of here (a reviewer's
  // list is the Waiting for review screen): nobody else's editor reads the list.
  useEffect(() => {
    if (!submitOnly || pageId === null) return;
    let live = true;
    calls.list(locale, pageId).then(
      // A change submitted meanwhile (a new page's, just created) stays, if the list lacks it.
      (answer) =>
        live &&
        setReviews((current) => [
          ...answer,
          ...current.filter((review) => !answer.some((listed) => listed.id === review.id)),
        ]),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [calls, locale, pageId, submitOnly]);

  const labelOf = useCallback(
    (attribute: string) => (attribute === 'page' ? '' : attributeLabel(attribute, templates)),
    [templates],
  );

  const { replace, update } = editor;
  /**
   * A new page's first publication (issue 32, item 2): it is created as a draft visitors cannot
   * see, and what the form holds is submitted over it at once; the editor then shows the page
   * created, the form still the author's (its status theirs), at the page's address.
   */
  const createThenSubmit = useCallback(
    async (message: string): Promise<SubmitResult> => {
      const payload = payloadOf(draft).page;
      const created = await calls.create(locale, { ...payload, status: STATUS_DRAFT });
      if (created.kind !== 'created' || created.page.id === null) {
        return created.kind === 'created' ? { kind: 'failed' } : created;
      }
      const { id } = created.page;
      replace(created.page, locale);
      update((form) => ({ ...form, status: draft.status }));
      window.history.replaceState(null, '', editPageUrl(locale, id) + window.location.hash);
      return calls.submit(locale, id, {
        page: payload,
        lock_version: created.page.lock_version,
        message,
      });
    },
    [calls, locale, payloadOf, draft, replace, update],
  );

  /**
   * The author's working copies of the page in the other locales, as the rest of the change
   * (issue 32, item 5); a copy that cannot be read is left out (the locale shown still goes).
   */
  const otherLocales = useCallback(
    async (id: number): Promise<Record<string, Record<string, unknown>>> => {
      const read = await Promise.all(
        locales
          .filter((item) => item.code !== locale)
          .map(async ({ code }) => {
            const copy = await workingCopies.load(code, id).catch(() => null);
            return copy ? { locale: code, page: copy } : null;
          }),
      );
      const found = read.filter((copy): copy is NonNullable<typeof copy> => copy !== null);
      return otherLocaleChanges(found, draft.lock_version, localizedBlocks(templates));
    },
    [locales, locale, workingCopies, draft.lock_version, templates],
  );

  const submit = useCallback(
    async (message: string): Promise<SubmitResult> => {
      let result: SubmitResult;
      if (pageId === null) result = await createThenSubmit(message);
      else {
        const others = await otherLocales(pageId);
        result = await calls.submit(locale, pageId, {
          page: payloadOf(draft).page,
          lock_version: draft.lock_version,
          message,
          ...(Object.keys(others).length > 0 ? { locales: others } : {}),
        });
      }
      if (result.kind === 'submitted') {
        const { review } = result;
        setReviews((current) => [review, ...current]);
        setOpen(false);
        const also = review.locales.filter((code) => code !== review.locale);
        if (also.length === 0) toast.notice(t('review.submitted'));
        else {
          const named = also.map(
            (code) => locales.find((item) => item.code === code)?.name ?? code,
          );
          toast.notice(t('review.submitsLocales', { locales: formatNames(named) }));
        }
      }
      return result;
    },
    [calls, locale, locales, pageId, payloadOf, draft, toast, createThenSubmit, otherLocales],
  );

  const shown = currentReview(reviews, userId);
  const withdraw = useCallback(async () => {
    if (!shown || pageId === null) return;
    setBusy(true);
    const answer = await calls.withdraw(locale, pageId, shown.id);
    setBusy(false);
    if (answer) {
      setReviews((current) => current.map((review) => (review.id === answer.id ? answer : review)));
      toast.notice(t('review.withdrawn'));
    } else toast.error(t('review.withdrawFailed'));
  }, [calls, locale, pageId, shown, toast]);

  if (!submitOnly) return {};
  const submitting = mustSubmit(saved.status, draft.status);
  // The reviewer's comments on a block, under its field: those in the locale shown, or on a
  // block every locale shares.
  const notes = shown?.comments.filter((item) => item.block) ?? [];
  const blockParts =
    notes.length > 0
      ? (block: Block) => {
          const said = notes.filter(
            (item) => item.block === block.name && (item.locale ?? locale) === locale,
          );
          return said.length > 0 ? { below: <BlockNotes comments={said} /> } : {};
        }
      : undefined;
  return {
    saveButton: submitting && (
      <>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setOpen(true)}
          disabled={editor.saving}
          title={t('review.submitHelp')}
        >
          {t('review.submitButton')}
        </button>
        {open && (
          <SubmitDialog onSubmit={submit} onClose={() => setOpen(false)} labelOf={labelOf} />
        )}
      </>
    ),
    // Ctrl/Cmd+S asks for the message as the button does: a save here would be refused.
    beforeSave: submitting
      ? () => {
          setOpen(true);
          return false;
        }
      : undefined,
    banners: shown && (
      <ReviewBanner review={shown} busy={busy} onWithdraw={() => void withdraw()} />
    ),
    blockParts,
  };
}
