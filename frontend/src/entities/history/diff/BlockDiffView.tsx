import { useMemo, useState } from 'react';
import { t } from '../../../i18n';
import type { ContentLang } from '../../../ui/contentLocale';
import type { BlockDiff, LocaleDiff } from './blockDiff';
import { foldUnchanged } from './wordDiff';
import type { DiffRow } from './wordDiff';
import { DiffText } from './DiffText';
import './diff.css';

interface BlockDiffViewProps {
  block: BlockDiff;
  /** A locale's name, in its own language. */
  localeName: (code: string) => string;
  /** The `lang` and `dir` of a content locale (Arabic reads right to left). */
  contentLang: (code: string) => ContentLang;
}

/** A block's texts side by side, one part per locale. */
export function BlockDiffView({ block, localeName, contentLang }: BlockDiffViewProps) {
  return (
    <section className="diff-block" aria-label={block.title}>
      <h3 className="diff-block__title">{block.title}</h3>
      {block.locales.map((part) => {
        const lang = part.locale === null ? { dir: 'auto' as const } : contentLang(part.locale);
        return (
          <div key={part.locale ?? ''} className="diff-locale">
            <h4 className="diff-locale__name">
              {part.locale === null ? (
                t('editor.sharedBlock')
              ) : (
                <span lang={part.locale}>{localeName(part.locale)}</span>
              )}
              {!part.changed && (
                <span className="diff-locale__same">{t('revisions.compare.unchanged')}</span>
              )}
            </h4>
            <LocaleRows part={part} lang={lang} />
          </div>
        );
      })}
    </section>
  );
}

/** One locale's rows; far from a change, unchanged lines fold behind a button. */
function LocaleRows({ part, lang }: { part: LocaleDiff; lang: ContentLang | { dir: 'auto' } }) {
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  // An unchanged block (shown with every block) reads whole: it is there to be read.
  const groups = useMemo(
    () => (part.changed ? foldUnchanged(part.rows) : [{ kind: 'rows' as const, rows: part.rows }]),
    [part],
  );
  return (
    <div className="diff-rows">
      {groups.map((group, index) =>
        group.kind === 'hidden' && !opened.has(index) ? (
          <button
            key={index}
            type="button"
            className="diff-rows__fold"
            onClick={() => setOpened(new Set([...opened, index]))}
          >
            {t('revisions.compare.hiddenLines', { count: group.rows.length })}
          </button>
        ) : (
          group.rows.map((row, at) => (
            <Row
              key={`${index}-${at}`}
              row={row}
              lang={lang}
              part={part}
              first={index === 0 && at === 0}
            />
          ))
        ),
      )}
    </div>
  );
}

interface RowProps {
  row: DiffRow;
  lang: ContentLang | { dir: 'auto' };
  part: LocaleDiff;
  /** The block's first row: an empty side says so there. */
  first: boolean;
}

function Row({ row, lang, part, first }: RowProps) {
  return (
    <div className={row.changed ? 'diff-row diff-row--changed' : 'diff-row'}>
      <div className="diff-cell diff-cell--from">
        <span className="diff-cell__label">{t('revisions.compare.before')}</span>
        <div className="diff-cell__text" {...lang}>
          {part.fromEmpty ? first && <Empty /> : <DiffText segments={row.from} />}
        </div>
      </div>
      <div className="diff-cell diff-cell--to">
        <span className="diff-cell__label">{t('revisions.compare.after')}</span>
        <div className="diff-cell__text" {...lang}>
          {part.toEmpty ? first && <Empty /> : <DiffText segments={row.to} />}
        </div>
      </div>
    </div>
  );
}

const Empty = () => <span className="diff__empty">{t('revisions.compare.empty')}</span>;
