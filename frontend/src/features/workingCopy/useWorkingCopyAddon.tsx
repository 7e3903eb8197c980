// The working copy and presence as an editor add-on (features/pageEditor/addons.ts): the
// form's unsaved edits kept as the user types, the offer to restore a copy kept before (put
// back into the form by the editor's own reverse of its payload), and who else has the page
// open under its heading.
import { useCallback, useState } from 'react';
import { t } from '../../i18n';
import { UNSAVED_EDITS, useToast } from '../../ui/toast';
import { draftFromPayload, loadMedia, unknownMedia } from '../pageEditor/addons';
import type { EditorAddonContext, EditorAddonParts } from '../pageEditor/addons';
import type { WorkingCopyApi } from './api';
import { PresenceNote } from './components/PresenceNote';
import { WorkingCopyBanner } from './components/WorkingCopyBanner';
import { WorkingCopySection } from './components/WorkingCopySection';
import { usePresence } from './usePresence';
import { useWorkingCopy } from './useWorkingCopy';

export interface WorkingCopyAddonOptions {
  api?: WorkingCopyApi;
  storage?: Storage | null;
}

export function useWorkingCopyAddon(
  { data, editor, locale, readOnly }: EditorAddonContext,
  { api, storage }: WorkingCopyAddonOptions = {},
): EditorAddonParts {
  const toast = useToast();
  const pageId = editor.page.id;
  // A new page has nothing stored to keep a copy of; a page the user may not edit, no edits.
  const target = pageId !== null && !readOnly ? { userId: data.user.id, pageId, locale } : null;
  const { draft, saved, payloadOf, update, setMetaImage } = editor;
  const copy = useWorkingCopy({
    target,
    dirty: editor.dirty,
    version: draft,
    payload: () => payloadOf(draft),
    stored: () => payloadOf(saved),
    api,
    storage,
  });
  // Only those who may change the page say they have it open (the server refuses the others).
  const viewers = usePresence(readOnly ? null : pageId, locale, api);
  const [restoring, setRestoring] = useState(false);

  const restore = useCallback(async () => {
    const offered = copy.offer;
    if (!offered) return;
    setRestoring(true);
    try {
      const fields = offered.payload.page;
      const media = await loadMedia(unknownMedia(fields, draft));
      const restored = draftFromPayload(fields, draft, media);
      copy.take();
      update(() => restored.draft);
      if (restored.draft.meta_image_id !== draft.meta_image_id) setMetaImage(restored.metaImage);
      toast.about(UNSAVED_EDITS).notice(t('workingCopy.restored'));
      if (restored.missing > 0)
        toast.error(t('workingCopy.mediaGone', { count: restored.missing }));
    } catch {
      toast.error(t('workingCopy.restoreFailed'));
    } finally {
      setRestoring(false);
    }
  }, [copy, draft, update, setMetaImage, toast]);

  const discard = useCallback(() => {
    copy.discard();
    toast.notice(t('workingCopy.discarded'));
  }, [copy, toast]);

  return {
    header: pageId !== null && <PresenceNote viewers={viewers} />,
    // Listed apart in the History panel.
    history: target && <WorkingCopySection keeping={editor.dirty} offer={copy.offer} />,
    banners: copy.offer && (
      <WorkingCopyBanner
        copy={copy.offer}
        busy={restoring}
        onRestore={() => void restore()}
        onDiscard={discard}
      />
    ),
  };
}
