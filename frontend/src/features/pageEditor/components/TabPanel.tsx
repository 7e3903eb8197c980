import type { Locale } from '../../../api/types';
import type { Editor } from '../hooks/useEditor';
import type { TabId } from '../types';
import { ContentTab } from './ContentTab';
import { FilesTab } from './FilesTab';
import { ImagesTab } from './ImagesTab';
import { MetadataTab } from './MetadataTab';
import { UnconfiguredTab } from './UnconfiguredTab';

/** The open tab's fields. */
export function TabPanel({
  tab,
  editor,
  locale,
  locales,
  localeList = [],
}: {
  tab: TabId;
  editor: Editor;
  locale: string;
  /** Every locale code. */
  locales: readonly string[];
  /** Every locale with its name and direction (the image texts' fields). */
  localeList?: readonly Locale[];
}) {
  return (
    <div id="editor-panel" className="editor-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
      {tab === 'content' && <ContentTab editor={editor} locale={locale} />}
      {tab === 'images' && <ImagesTab editor={editor} locale={locale} locales={localeList} />}
      {tab === 'files' && <FilesTab editor={editor} locale={locale} locales={localeList} />}
      {tab === 'metadata' && <MetadataTab editor={editor} locale={locale} locales={locales} />}
      {tab === 'unconfigured-content' && <UnconfiguredTab editor={editor} />}
    </div>
  );
}
