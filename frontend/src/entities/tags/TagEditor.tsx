import { useEffect, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { t } from '../../i18n';
import { FieldGroup } from '../../ui/form/FormField';
import { suggestTags } from './api';
import type { TagSuggester } from './api';
import {
  MAX_TAGS,
  MAX_TAG_LENGTH,
  addProblem,
  addTag,
  atTagLimit,
  cleanTagName,
  findTag,
  matchingTags,
  toggleTag,
  uniqueTags,
} from './tags';
import type { TagState } from './tags';
import './tagEditor.css';

interface TagEditorProps {
  id: string;
  value: TagState;
  onChange: (value: TagState) => void;
  error?: string;
  /** Where more tags come from as one types (GET /admin/tags.json?q=). */
  suggest?: TagSuggester;
}

/** How long typing must pause before the server is asked for tags starting with it. */
export const SUGGEST_DELAY_MS = 200;

const startsWith = (tag: string, prefix: string) =>
  tag.toLocaleLowerCase().startsWith(prefix.toLocaleLowerCase());

/**
 * The server's tags starting with what is typed: asked once typing pauses, the request before
 * called off when the typing overtakes it. An answer for a shorter prefix is narrowed while the
 * next one is on its way.
 */
function useSuggestions(typed: string, suggest: TagSuggester): string[] {
  const [found, setFound] = useState<string[]>([]);
  useEffect(() => {
    if (!typed) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggest(typed, controller.signal).then(
        (tags) => {
          if (!controller.signal.aborted) setFound(tags);
        },
        // Suggestions are a help: without them the page's own still show.
        () => undefined,
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, suggest]);
  return typed ? found.filter((tag) => startsWith(tag, typed)) : [];
}

/** Known tags as on/off toggles, and a box to add one (spec §5 tag rules). */
export function TagEditor({ id, value, onChange, error, suggest = suggestTags }: TagEditorProps) {
  const [input, setInput] = useState('');
  const typed = cleanTagName(input);
  const fetched = useSuggestions(typed, suggest);
  // The known tags narrow to those containing what is typed, so a long list stays usable; the
  // server's tags starting with it follow.
  const shown = uniqueTags([...matchingTags(value.known, input), ...fetched]);
  const problem = addProblem(value, input);
  const full = atTagLimit(value);
  const limitId = `${id}-limit`;
  const limitMessage =
    problem === 'tooLong'
      ? t('tags.tooLong', { max: MAX_TAG_LENGTH })
      : full
        ? t('tags.tooMany', { max: MAX_TAGS })
        : null;
  const add = () => {
    if (problem !== null) return;
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
                  // No more tags fit: only those the page has can be switched (off).
                  disabled={!on && full}
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
          aria-invalid={problem === 'tooLong' || undefined}
          aria-describedby={limitMessage ? limitId : undefined}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button" onClick={add} disabled={problem !== null}>
          {t('tags.add')}
        </button>
      </div>
      {limitMessage && (
        <p className="tag-editor__limit" id={limitId} aria-live="polite">
          {limitMessage}
        </p>
      )}
      <p className="tag-editor__matches" aria-live="polite">
        {typed &&
          !limitMessage &&
          (value.known.length > 0 || fetched.length > 0) &&
          matchSummary(shown.length, typed)}
      </p>
    </FieldGroup>
  );
}

function matchSummary(count: number, typed: string): string {
  if (count === 0) return t('tags.noMatch', { tag: typed });
  return t('tags.matches', { count });
}
