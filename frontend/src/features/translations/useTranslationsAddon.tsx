// Keeping translations in step, as an editor add-on (features/pageEditor/addons.ts, issue 22):
// outdated and missing blocks marked, what changed in the source shown word by word
// (entities/history/diff), copying from another locale and the side-by-side view.
import { useCallback, useMemo, useState } from 'react';
import type { Block } from '../../api/types';
import { BlockDiffView } from '../../entities/history/diff/BlockDiffView';
import { groupBlocks } from '../../entities/history/diff/blockDiff';
import { t } from '../../i18n';
import { formatNames } from '../../lib/when';
import { contentLang } from '../../ui/contentLocale';
import { useToast } from '../../ui/toast';
import type { BlockParts, EditorAddonContext, EditorAddonSlots } from '../pageEditor/addons';
import { createTranslationApi } from './api';
import type { SourceChange, TranslationApi } from './api';
import {
  CopiedBadge,
  CopiedNote,
  CopyBlockButton,
  MissingBadge,
  OutdatedBadge,
  SourceChangesPanel,
  SourceColumn,
} from './components/BlockTranslationParts';
import { CopyDialog } from './components/CopyDialog';
import { TranslationToolbar } from './components/TranslationToolbar';
import { copyCandidates } from './copy';
import { useTranslationTools } from './useTranslationTools';
import './translations.css';

const defaultApi = createTranslationApi();

export function useTranslationsAddon(
  { data, editor, locale, readOnly }: EditorAddonContext,
  api: TranslationApi = defaultApi,
): EditorAddonSlots {
  const toast = useToast();
  const { locales } = data;
  const defaultLocale = locales[0]?.code ?? locale;
  const { page, adopt, update } = editor;
  const updateBlocks = useCallback(
    (change: (blocks: Record<string, string>) => Record<string, string>) =>
      update((draft) => ({ ...draft, blocks: change(draft.blocks) })),
    [update],
  );
  const nameOf = useCallback(
    (code: string) => locales.find((item) => item.code === code)?.name ?? code,
    [locales],
  );
  const tools = useTranslationTools({
    api,
    toast,
    page,
    locale,
    defaultLocale,
    sourceName: (code) => nameOf(code),
    adopt,
    draftBlocks: editor.draft.blocks,
    updateBlocks,
  });
  const [copying, setCopying] = useState(false);
  const sourceName = nameOf(tools.sourceLocale);
  const sourceLang = contentLang(locales, tools.sourceLocale);
  const allBlocks = useMemo(
    () => [...editor.template.blocks, ...editor.template.metadata_blocks],
    [editor.template],
  );
  const renderDiff = useCallback(
    (change: SourceChange) => {
      const title = allBlocks.find((block) => block.name === change.name)?.title ?? change.name;
      const [diff] = groupBlocks([
        {
          name: change.name,
          title,
          locale: tools.sourceLocale,
          changed: true,
          from: change.before,
          to: change.after,
        },
      ]);
      return diff ? (
        <BlockDiffView
          block={diff}
          localeName={nameOf}
          contentLang={(code) => contentLang(locales, code)}
        />
      ) : null;
    },
    [allBlocks, locales, nameOf, tools.sourceLocale],
  );

  // The default locale is the source of the others; a page not saved yet has nothing to follow.
  if (locale === defaultLocale || page.id === null) return {};
  const defaultName = nameOf(defaultLocale);
  const outdated = new Set(tools.outdated);
  const missing = new Set(tools.missing);
  const sources = locales.filter((item) => item.code !== locale);
  const titleOf = (name: string) => allBlocks.find((block) => block.name === name)?.title ?? name;
  const toTranslate = [...tools.missing, ...Object.keys(tools.copied)].map(titleOf);

  const badgeOf = (block: Block) => {
    const origin = tools.copied[block.name];
    if (outdated.has(block.name)) return <OutdatedBadge sourceName={defaultName} />;
    if (origin) return <CopiedBadge originName={nameOf(origin)} />;
    if (missing.has(block.name)) return <MissingBadge sourceName={defaultName} />;
    return undefined;
  };

  const blockParts = (block: Block): BlockParts => {
    const isOutdated = outdated.has(block.name);
    const origin = tools.copied[block.name];
    const text = tools.sourceBlocks?.[block.name] ?? null;
    return {
      badge: badgeOf(block),
      below: (isOutdated || origin || (block.localized && !readOnly)) && (
        <>
          {origin && (
            <CopiedNote
              blockTitle={block.title}
              originName={nameOf(origin)}
              onKeep={readOnly ? undefined : () => void tools.markChecked(block.name, true)}
              marking={tools.marking === block.name}
            />
          )}
          {isOutdated && (
            <SourceChangesPanel
              block={block.name}
              blockTitle={block.title}
              sourceName={defaultName}
              changes={tools.changes}
              onOpen={tools.showChanges}
              renderDiff={renderDiff}
              onMarkChecked={readOnly ? undefined : () => void tools.markChecked(block.name)}
              marking={tools.marking === block.name}
            />
          )}
          {block.localized && !readOnly && (
            <CopyBlockButton
              blockTitle={block.title}
              sourceName={sourceName}
              onCopy={() => void tools.copy([block], new Set([block.name]))}
            />
          )}
        </>
      ),
      aside:
        tools.sideBySide && block.localized ? (
          <SourceColumn
            blockTitle={block.title}
            sourceName={sourceName}
            lang={sourceLang}
            text={text}
            status={tools.source.status}
          />
        ) : undefined,
    };
  };

  return {
    banners: (outdated.size > 0 || toTranslate.length > 0) && (
      <>
        {outdated.size > 0 && (
          <p className="translation-summary" role="status">
            {t('translation.outdatedSummary', { count: outdated.size, locale: defaultName })}
          </p>
        )}
        {toTranslate.length > 0 && (
          <p className="translation-summary" role="status">
            {t('translation.todoSummary', { blocks: formatNames(toTranslate) })}
          </p>
        )}
      </>
    ),
    toolbar: (
      <>
        <TranslationToolbar
          sources={sources}
          sourceLocale={tools.sourceLocale}
          onSource={tools.setSourceLocale}
          sideBySide={tools.sideBySide}
          onSideBySide={tools.setSideBySide}
          onCopyPage={
            readOnly ? undefined : () => void tools.source.load().then(() => setCopying(true))
          }
        />
        {copying && tools.sourceBlocks && (
          <CopyDialog
            candidates={copyCandidates(allBlocks, editor.draft.blocks, tools.sourceBlocks)}
            sourceName={sourceName}
            sourceLang={sourceLang}
            onClose={() => setCopying(false)}
            onCopy={(picked) => {
              setCopying(false);
              void tools.copy(allBlocks, picked);
            }}
          />
        )}
      </>
    ),
    blockParts,
  };
}
