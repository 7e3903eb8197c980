import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import type { Block } from '../../../api/types';
import { FormField } from '../../../ui/form/FormField';
import type { ControlAria } from '../../../ui/form/FormField';
import { RichTextArea } from '../../../ui/richText/RichTextArea';
import { richTextMode } from '../../../ui/richText/markdown';
import { useContentLang } from '../../../ui/contentLocale';
import { selectOptions } from '../model';

export const SHARED_BLOCK_BADGE = t('editor.sharedBlock');
const LARGE_ROWS = 15;
const DEFAULT_ROWS = 5;

interface BlockFieldProps {
  block: Block;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Shown beside the label (an add-on's mark). */
  extra?: ReactNode;
}

/** One content block as a field: select, one-line input, textarea or rich text by its settings. */
export function BlockField({ block, value, onChange, error, extra }: BlockFieldProps) {
  return (
    <FormField
      id={`block-${block.name}`}
      label={block.title}
      description={block.description || undefined}
      badge={block.localized ? undefined : SHARED_BLOCK_BADGE}
      error={error}
      extra={extra}
    >
      {(aria) => <BlockControl block={block} value={value} onChange={onChange} aria={aria} />}
    </FormField>
  );
}

interface BlockControlProps extends Omit<BlockFieldProps, 'error' | 'extra'> {
  aria: ControlAria;
}

function BlockControl({ block, value, onChange, aria: fieldAria }: BlockControlProps) {
  // Content in the content locale; a block shared by every locale is in none of them.
  const contentLang = useContentLang();
  const aria = { ...fieldAria, ...(block.localized ? contentLang : { dir: 'auto' as const }) };
  const className = ['input', block.class].filter(Boolean).join(' ');
  const placeholder = block.placeholder || undefined;
  if (block.type === 'select') {
    return (
      <select
        {...aria}
        className={className}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {selectOptions(block, value).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  const rows = block.size === 'large' ? LARGE_ROWS : DEFAULT_ROWS;
  const mode = richTextMode(block.class);
  if (mode !== 'none') {
    return (
      <RichTextArea
        {...aria}
        value={value}
        onChange={onChange}
        rows={rows}
        mode={mode}
        className={block.class}
        placeholder={placeholder}
      />
    );
  }
  if (block.size === 'field') {
    return (
      <input
        {...aria}
        type="text"
        className={className}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <textarea
      {...aria}
      className={className}
      rows={rows}
      value={value}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
