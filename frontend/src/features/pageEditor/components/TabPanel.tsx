import type { Locale } from '../../../api/types';
import type { Editor } from '../hooks/useEditor';
import type { TabId } from '../types';
import { ComingSoon } from './ComingSoon';
import { ContentTab } from './ContentTab';
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
      {tab === 'files' && <ComingSoon feature="Files" />}
      {tab === 'metadata' && <MetadataTab editor={editor} locale={locale} locales={locales} />}
      {tab === 'unconfigured-content' && <UnconfiguredTab editor={editor} />}
    </div>
  );
}
