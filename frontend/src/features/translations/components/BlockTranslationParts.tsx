import type { ReactNode } from 'react';
import { language, t } from '../../../i18n';
import type { ContentLang } from '../../../ui/contentLocale';
import type { SourceChange, SourceChanges } from '../api';
import type { Loaded } from '../useTranslationTools';

/** 'Outdated' beside a block's label: a sign and a word, never a colour alone. */
export function OutdatedBadge({ sourceName }: { sourceName: string }) {
  const help = t('translation.outdatedHelp', { locale: sourceName });
  return (
    <span className="outdated-badge" title={help}>
      <span aria-hidden="true" className="outdated-badge__sign">
        !
      </span>
      {t('translation.outdatedBadge')}
      <span className="visually-hidden">: {help}</span>
    </span>
  );
}

/** 'To translate' beside a block empty here while the default locale has text. */
export function MissingBadge({ sourceName }: { sourceName: string }) {
  const help = t('translation.missingHelp', { locale: sourceName });
  return (
    <span className="outdated-badge outdated-badge--missing" title={help}>
      <span aria-hidden="true" className="outdated-badge__sign">
        +
      </span>
      {t('translation.missingBadge')}
      <span className="visually-hidden">: {help}</span>
    </span>
  );
}

/** 'Copied from English' beside a block whose text is that locale's, not translated yet. */
export function CopiedBadge({ originName }: { originName: string }) {
  return (
    <span className="outdated-badge outdated-badge--copied">
      <span aria-hidden="true" className="outdated-badge__sign">
        =
      </span>
      {t('translation.copiedBadge', { locale: originName })}
    </span>
  );
}

interface CopiedNoteProps {
  blockTitle: string;
  originName: string;
  /** Keep the text as the translation (it is right here too); absent when the page cannot be changed. */
  onKeep?: () => void;
  marking: boolean;
}

/** Under a copied block: what it means for the website, and keeping it as it is. */
export function CopiedNote({ blockTitle, originName, onKeep, marking }: CopiedNoteProps) {
  return (
    <div className="source-changes">
      <p className="source-changes__help">{t('translation.copiedHelp', { locale: originName })}</p>
      {onKeep && (
        <button
          type="button"
          className="button"
          disabled={marking}
          aria-label={t('translation.keepCopyLabel', { block: blockTitle })}
          onClick={onKeep}
        >
          {t('translation.keepCopy')}
        </button>
      )}
    </div>
  );
}

interface SourceChangesPanelProps {
  block: string;
  blockTitle: string;
  sourceName: string;
  changes: Loaded<SourceChanges> & { retry: () => void };
  onOpen: () => void;
  /** The word diff of two texts (the revisions' compare view). */
  renderDiff: (change: SourceChange) => ReactNode;
  /** Mark the block still right; absent when the page cannot be changed. */
  onMarkChecked?: () => void;
  marking: boolean;
}

/** Under an outdated block: what changed in the source since (opened on demand), and the mark. */
export function SourceChangesPanel(props: SourceChangesPanelProps) {
  const { changes, block } = props;
  const change =
    changes.status === 'done'
      ? changes.value.blocks.find((item) => item.name === block)
      : undefined;
  return (
    <div className="source-changes">
      <details
        className="source-changes__details"
        onToggle={(event) => event.currentTarget.open && props.onOpen()}
      >
        <summary>{t('translation.showChanges', { locale: props.sourceName })}</summary>
        <div className="source-changes__body" aria-live="polite">
          {changes.status === 'loading' && <p>{t('translation.changesLoading')}</p>}
          {changes.status === 'failed' && (
            <p>
              {t('translation.changesFailed')}{' '}
              <button type="button" className="button button--link" onClick={changes.retry}>
                {t('translation.retry')}
              </button>
            </p>
          )}
          {changes.status === 'done' &&
            (change ? props.renderDiff(change) : <p>{t('translation.noChanges')}</p>)}
        </div>
      </details>
      {props.onMarkChecked && (
        <button
          type="button"
          className="button"
          disabled={props.marking}
          aria-label={t('translation.markCheckedLabel', { block: props.blockTitle })}
          onClick={props.onMarkChecked}
        >
          {t('translation.markChecked')}
        </button>
      )}
    </div>
  );
}

interface CopyBlockButtonProps {
  blockTitle: string;
  sourceName: string;
  onCopy: () => void;
}

/** Copy one block's text from the source locale (a pick: it replaces what is there). */
export function CopyBlockButton({ blockTitle, sourceName, onCopy }: CopyBlockButtonProps) {
  return (
    <button
      type="button"
      className="button button--link copy-block"
      // The visible words first, then which block (WCAG 2.5.3: the name holds what is seen).
      aria-label={t('translation.copyBlockLabel', { block: blockTitle, locale: sourceName })}
      onClick={onCopy}
    >
      {t('translation.copyBlock', { locale: sourceName })}
    </button>
  );
}

interface SourceColumnProps {
  blockTitle: string;
  sourceName: string;
  lang: ContentLang;
  /** The block's text in the source locale; null while it loads or when it failed. */
  text: string | null;
  status: 'loading' | 'failed' | 'done' | 'idle';
}

/**
 * The source locale's block beside the field, read only: in its own language and direction
 * (an Arabic source reads from the right, whatever the interface's direction).
 */
export function SourceColumn({ blockTitle, sourceName, lang, text, status }: SourceColumnProps) {
  return (
    <div className="source-column" {...lang}>
      {/* The chrome's words in the interface language, laid out in the column's direction. */}
      <div className="source-column__head" lang={language()}>
        <span className="source-column__title">{blockTitle}</span>
        <span className="source-column__locale">
          {t('translation.sourceColumn', { locale: sourceName })}
        </span>
      </div>
      <div className="source-column__text" aria-readonly="true">
        {status === 'done' && text && text.trim() !== '' ? (
          text
        ) : (
          <span className="source-column__note" lang={language()}>
            {status === 'failed'
              ? t('translation.sourceFailed', { locale: sourceName })
              : status === 'done'
                ? t('translation.sourceEmpty', { locale: sourceName })
                : t('translation.sourceLoading', { locale: sourceName })}
          </span>
        )}
      </div>
    </div>
  );
}
