import { useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { t } from '../../i18n';
import type { MessageKey } from '../../i18n';
import type { ControlAria } from '../form/FormField';
import { LinkForm } from './LinkForm';
import { FORMAT_MARKERS, insertLink, shortcutFormat, stripSameHost, toggleWrap } from './markdown';
import type { Format, TextEdit } from './markdown';
import './richText.css';

interface RichTextAreaProps extends ControlAria {
  value: string;
  onChange: (value: string) => void;
  rows: number;
  /** simple: bold and italic only; full: also the link tool. */
  mode: 'simple' | 'full';
  className?: string;
  placeholder?: string;
  /** The site's host; https links to it lose the host. */
  host?: string;
}

interface Selection {
  start: number;
  end: number;
}

/** The toolbar's bold and italic buttons: what each does, shows and is called. */
const STYLE_TOOLS = [
  {
    format: 'bold',
    mark: <b aria-hidden="true">B</b>,
    label: 'richText.bold',
    title: 'richText.boldTitle',
  },
  {
    format: 'italic',
    mark: <i aria-hidden="true">I</i>,
    label: 'richText.italic',
    title: 'richText.italicTitle',
  },
] as const satisfies readonly {
  format: Format;
  mark: ReactNode;
  label: MessageKey;
  title: MessageKey;
}[];

/** A Markdown textarea with a small toolbar (spec §5: bold, italic, link). */
export function RichTextArea({
  value,
  onChange,
  rows,
  mode,
  className,
  placeholder,
  host = window.location.host,
  ...aria
}: RichTextAreaProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<Selection | null>(null);
  const [linkSelection, setLinkSelection] = useState<Selection | null>(null);

  useLayoutEffect(() => {
    const element = textarea.current;
    const selection = pendingSelection.current;
    if (!element || !selection) return;
    pendingSelection.current = null;
    element.focus();
    element.setSelectionRange(selection.start, selection.end);
  });

  const apply = (edit: TextEdit) => {
    pendingSelection.current = { start: edit.selectionStart, end: edit.selectionEnd };
    onChange(edit.value);
  };

  const currentSelection = (): Selection => {
    const element = textarea.current;
    return {
      start: element?.selectionStart ?? value.length,
      end: element?.selectionEnd ?? value.length,
    };
  };

  const format = (kind: Format) => {
    const { start, end } = currentSelection();
    apply(toggleWrap(value, start, end, FORMAT_MARKERS[kind]));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const kind = shortcutFormat(event);
    if (!kind) return;
    event.preventDefault();
    format(kind);
  };

  const addLink = (href: string) => {
    const selection = linkSelection ?? currentSelection();
    setLinkSelection(null);
    apply(insertLink(value, selection.start, selection.end, stripSameHost(href, host)));
  };

  return (
    <div className="rich-text">
      <div
        className="rich-text__toolbar"
        role="toolbar"
        aria-label={t('richText.toolbar')}
        aria-controls={aria.id}
      >
        {STYLE_TOOLS.map((tool) => (
          <button
            key={tool.format}
            type="button"
            className="rich-text__tool"
            onClick={() => format(tool.format)}
            title={t(tool.title)}
          >
            {tool.mark}
            <span className="visually-hidden">{t(tool.label)}</span>
          </button>
        ))}
        {mode === 'full' && (
          <button
            type="button"
            className="rich-text__tool rich-text__tool--wide"
            aria-expanded={linkSelection !== null}
            onClick={() => setLinkSelection(linkSelection ? null : currentSelection())}
          >
            {t('richText.link')}
          </button>
        )}
        <span className="rich-text__hint">{t('richText.markdown')}</span>
      </div>
      {linkSelection && <LinkForm onSubmit={addLink} onCancel={() => setLinkSelection(null)} />}
      <textarea
        ref={textarea}
        {...aria}
        className={['input', 'rich-text__area', className ?? ''].filter(Boolean).join(' ')}
        rows={rows}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
