// The editor's add-ons (features/pageEditor/addons.ts), composed here: features never import
// each other, so each one's hook gives what it shows in the editor's slots, and this joins them.
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import type { EditorAddonSlots, UseEditorAddons } from '../features/pageEditor/addons';
import { useRevisionsAddon } from '../features/revisions/useRevisionsAddon';
import { useSchedulingAddon } from './schedulingAddon';
import { useWorkingCopyAddon } from './workingCopyAddon';

export const useEditorAddons: UseEditorAddons = (context) => {
  // The History button beside Save, and the warning a restore may leave.
  const history = useRevisionsAddon(context);
  // Who else has the page open, the offer of a working copy, and the copy kept as one types.
  const workingCopy = useWorkingCopyAddon(context);
  // Schedule… beside Save (after History), and a banner per scheduled change.
  const scheduling = useSchedulingAddon(context);
  return joinSlots([workingCopy, history, scheduling]);
};

/** Each slot's parts from every add-on, in the order given. */
function joinSlots(addons: readonly EditorAddonSlots[]): EditorAddonSlots {
  const slot = (name: keyof EditorAddonSlots): ReactNode => {
    const parts = addons
      .map((addon) => addon[name])
      .filter((part) => part != null && part !== false);
    if (parts.length === 0) return undefined;
    return parts.map((part, index) => <Fragment key={index}>{part}</Fragment>);
  };
  return { header: slot('header'), actions: slot('actions'), banners: slot('banners') };
}
