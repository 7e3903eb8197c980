// The editor's tabs (spec §2): which are links, plain text or absent, and which one the
// address fragment names.
import { t } from '../../i18n';
import type { Template } from '../../api/types';
import type { TabId } from './types';

export type TabState = 'link' | 'text' | 'hidden';

export const TAB_LABELS: Record<TabId, string> = {
  content: t('editor.tab.content'),
  images: t('editor.tab.images'),
  files: t('editor.tab.files'),
  metadata: t('editor.tab.metadata'),
  'unconfigured-content': t('editor.tab.unconfigured'),
};

export const TAB_ORDER: readonly TabId[] = [
  'content',
  'images',
  'files',
  'metadata',
  'unconfigured-content',
];

/** Return how each tab shows for the template: disabled features are plain text. */
export function tabStates(
  template: Pick<Template, 'images' | 'files'>,
  hasUnconfigured: boolean,
): Record<TabId, TabState> {
  return {
    content: 'link',
    images: template.images ? 'link' : 'text',
    files: template.files ? 'link' : 'text',
    metadata: 'link',
    'unconfigured-content': hasUnconfigured ? 'link' : 'hidden',
  };
}

/** Return the tab the fragment names when it can be opened, else Content. */
export function tabFromHash(hash: string, states: Record<TabId, TabState>): TabId {
  const name = decodeURIComponent(hash.replace(/^#/, ''));
  const tab = TAB_ORDER.find((id) => id === name);
  return tab && states[tab] === 'link' ? tab : 'content';
}
