import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import type { Segment } from './wordDiff';

/** The content of a segment: marks, links and embed codes look like the Markdown they are. */
function content(segment: Segment): ReactNode {
  switch (segment.kind) {
    case 'mark':
      return <span className="diff__mark">{segment.text}</span>;
    case 'link':
      return <span className="diff__link">{segment.text}</span>;
    case 'embed':
      return <span className="diff__embed">{segment.text}</span>;
    case 'break':
      // A line break added or taken away: a sign where it was, then the break itself.
      return (
        <>
          <span className="diff__break" aria-hidden="true">
            ↵
          </span>
          <span className="visually-hidden">{t('revisions.compare.lineBreak')}</span>
          {segment.text}
        </>
      );
    default:
      return segment.text;
  }
}

/**
 * A change of signs alone (`*` → `**`, a comma): a highlight as narrow as the sign is missed,
 * so it is outlined and given a minimum width (issue 28).
 */
function signsOnly(text: string): boolean {
  return text.trim() !== '' && !/[\p{L}\p{N}]/u.test(text);
}

const changeClass = (base: string, segment: Segment) =>
  segment.kind !== 'break' && signsOnly(segment.text) ? `${base} diff__sign` : base;

/** One side of a row: its segments, removed words struck through, added ones marked. */
export function DiffText({ segments }: { segments: readonly Segment[] }) {
  return segments.map((segment, index) => {
    if (segment.change === 'delete') {
      return (
        <del key={index} className={changeClass('diff__del', segment)}>
          <span className="visually-hidden">{t('revisions.compare.removed')} </span>
          {content(segment)}
        </del>
      );
    }
    if (segment.change === 'insert') {
      return (
        <ins key={index} className={changeClass('diff__ins', segment)}>
          <span className="visually-hidden">{t('revisions.compare.added')} </span>
          {content(segment)}
        </ins>
      );
    }
    return <span key={index}>{content(segment)}</span>;
  });
}
