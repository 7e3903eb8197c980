import type { ReactNode } from 'react';
import { MAX_QUERY_LENGTH } from '../search';

interface SearchFieldProps {
  /** The input's id; its status line is `${id}-status`. */
  id: string;
  label: string;
  placeholder: string;
  text: string;
  onText: (text: string) => void;
  /** Enter: search now (or go to what was found). */
  onEnter: () => void;
  /** What the search found, announced as it changes. */
  status: ReactNode;
  /** Names are not words a spelling checker knows. */
  spellCheck?: boolean;
}

/**
 * The tree's search box, for names and for content alike: its label, the field (Enter
 * searches, Escape clears) and the live line that says what was found.
 */
export function SearchField({
  id,
  label,
  placeholder,
  text,
  onText,
  onEnter,
  status,
  spellCheck,
}: SearchFieldProps) {
  return (
    <>
      <label className="tree-search__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input tree-search__input"
        type="search"
        dir="auto"
        value={text}
        maxLength={MAX_QUERY_LENGTH}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={spellCheck}
        aria-describedby={`${id}-status`}
        onChange={(event) => onText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onEnter();
          } else if (event.key === 'Escape' && text) {
            event.preventDefault();
            onText('');
          }
        }}
      />
      <p id={`${id}-status`} className="tree-search__status" aria-live="polite">
        {status}
      </p>
    </>
  );
}
