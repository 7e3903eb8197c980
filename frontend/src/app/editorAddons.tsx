// The editor's add-ons (features/pageEditor/addons.ts), composed here: each feature's hook
// gives what it shows in the editor's slots, and this joins them in order.
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import type { Block } from '../api/types';
import { useLinksAddon } from '../features/links/useLinksAddon';
import type { BlockParts, EditorAddonSlots, UseEditorAddons } from '../features/pageEditor/addons';
import { useReviewAddon } from '../features/review/useReviewAddon';
import { useRevisionsAddon } from '../features/revisions/useRevisionsAddon';
import { useSchedulingAddon } from '../features/scheduling/useSchedulingAddon';
import { useTranslationsAddon } from '../features/translations/useTranslationsAddon';
import { useWorkingCopyAddon } from '../features/workingCopy/useWorkingCopyAddon';

export const useEditorAddons: UseEditorAddons = (context) => {
  // Who else has the page open, the offer of a working copy, and the copy kept as one types.
  const workingCopy = useWorkingCopyAddon(context);
  // Schedule… beside Save (after History), and a banner per scheduled change.
  const scheduling = useSchedulingAddon(context);
  // The History button beside Save, and the warning a restore may leave.
  const history = useRevisionsAddon(context, {
    sections: joinParts([workingCopy.history, scheduling.history]),
  });
  // Outdated blocks, copying from another locale and the side-by-side view (issue 22).
  const translations = useTranslationsAddon(context);
  // Submit for review in Save's place, and the change waiting or sent back (issue 32).
  const review = useReviewAddon(context);
  // Linked from N pages, the broken links of each block, and the question before an unpublish
  // or a delete that leaves links as plain text (issue 33): last, as it asks last before Save.
  const links = useLinksAddon(context);
  return joinSlots([workingCopy, history, scheduling, translations, review, links]);
};

/** Parts in the order given, those without anything to show left out. */
function joinParts(parts: readonly ReactNode[]): ReactNode {
  const shown = parts.filter((part) => part != null && part !== false);
  if (shown.length === 0) return undefined;
  return shown.map((part, index) => <Fragment key={index}>{part}</Fragment>);
}

/** Each slot's parts from every add-on, in the order given. */
function joinSlots(addons: readonly EditorAddonSlots[]): EditorAddonSlots {
  const slot = (
    name: 'header' | 'actions' | 'banners' | 'toolbar' | 'saveButton' | 'sidebar',
  ): ReactNode => joinParts(addons.map((addon) => addon[name]));
  const partsOf = addons.flatMap((addon) => (addon.blockParts ? [addon.blockParts] : []));
  const asks = addons.flatMap((addon) => (addon.beforeSave ? [addon.beforeSave] : []));
  return {
    header: slot('header'),
    actions: slot('actions'),
    banners: slot('banners'),
    toolbar: slot('toolbar'),
    saveButton: slot('saveButton'),
    sidebar: slot('sidebar'),
    blockParts: partsOf.length > 0 ? joinBlockParts(partsOf) : undefined,
    // Each asks in turn; the first that says no keeps the form unsaved.
    beforeSave: asks.length > 0 ? () => asks.every((ask) => ask()) : undefined,
  };
}

/** Each block's parts from every add-on that has some, in the order given. */
function joinBlockParts(
  partsOf: readonly ((block: Block) => BlockParts)[],
): (block: Block) => BlockParts {
  return (block) => {
    const all = partsOf.map((parts) => parts(block));
    return {
      badge: joinParts(all.map((parts) => parts.badge)),
      below: joinParts(all.map((parts) => parts.below)),
      aside: joinParts(all.map((parts) => parts.aside)),
    };
  };
}
