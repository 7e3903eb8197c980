import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { t } from '../../i18n';
import { FieldGroup } from '../form/FormField';
import { addTag, canAddTag, cleanTagName, findTag, matchingTags, toggleTag } from './tags';
import type { TagState } from './tags';
import './tagEditor.css';

interface TagEditorProps {
  id: string;
  value: TagState;
  onChange: (value: TagState) => void;
  error?: string;
}

/** Known tags as on/off toggles, and a box to add one (spec §5 tag rules). */
export function TagEditor({ id, value, onChange, error }: TagEditorProps) {
  const [input, setInput] = useState('');
  // The known tags narrow to those containing what is typed, so a long list stays usable.
  const shown = matchingTags(value.known, input);
  const typed = cleanTagName(input);
  const add = () => {
    if (!canAddTag(input)) return;
    onChange(addTag(value, input));
    setInput('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  return (
    <FieldGroup id={id} legend={t('tags.legend')} error={error} className="tag-editor">
      {shown.length > 0 && (
        <ul className="tag-editor__list" aria-label={t('tags.known')}>
          {shown.map((tag) => {
            const on = findTag(value.enabled, tag) !== undefined;
            return (
              <li key={tag}>
                <button
                  type="button"
                  className="tag-editor__tag"
                  aria-pressed={on}
                  onClick={() => onChange(toggleTag(value, tag))}
                >
                  <span aria-hidden="true" className="tag-editor__mark">
                    {on ? '✓' : '+'}
                  </span>
                  {tag}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="tag-editor__add">
        <label htmlFor={`${id}-input`} className="visually-hidden">
          {t('tags.new')}
        </label>
        <input
          id={`${id}-input`}
          className="input"
          placeholder={t('tags.placeholder')}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button" onClick={add} disabled={!canAddTag(input)}>
          {t('tags.add')}
        </button>
      </div>
      <p className="tag-editor__matches" aria-live="polite">
        {typed && value.known.length > 0 && matchSummary(shown.length, typed)}
      </p>
    </FieldGroup>
  );
}

function matchSummary(count: number, typed: string): string {
  if (count === 0) return t('tags.noMatch', { tag: typed });
  return t('tags.matches', { count });
}
