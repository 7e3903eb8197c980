import { useState } from 'react';
import type { FormEvent } from 'react';
import type { ParentChoice } from './api';
import './parentPicker.css';

/** The picker's words, which say what the chosen page is for ('Restore here', 'Move here'). */
export interface ParentPickerTexts {
  legend: string;
  find: string;
  search: string;
  topLevel: string;
  choose: string;
  cancel: string;
}

interface ParentPickerProps {
  /** A prefix for the picker's element ids, unique on the screen. */
  id: string;
  texts: ParentPickerTexts;
  find: (q: string) => Promise<ParentChoice[]>;
  /** Pages not to offer (the pages being placed). */
  exclude?: (id: number) => boolean;
  /** The chosen page, or null for the top level. */
  onChoose: (parent: ParentChoice | null) => void;
  onCancel: () => void;
}

/** Where pages go: the top level, or a page found by its name. */
export function ParentPicker({ id, texts, find, exclude, onChoose, onCancel }: ParentPickerProps) {
  const [q, setQ] = useState('');
  const [choices, setChoices] = useState<ParentChoice[]>([]);
  const [chosen, setChosen] = useState<ParentChoice | null>(null);
  const look = async (event: FormEvent) => {
    event.preventDefault();
    if (q.trim()) setChoices(await find(q.trim()));
  };
  return (
    <form className="parent-picker" onSubmit={look}>
      <fieldset>
        <legend>{texts.legend}</legend>
        <div className="parent-picker__find">
          <label htmlFor={id}>{texts.find}</label>
          <input
            id={id}
            type="search"
            className="input"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <button type="submit" className="button">
            {texts.search}
          </button>
        </div>
        <label className="parent-picker__choice">
          <input
            type="radio"
            name={id}
            checked={chosen === null}
            onChange={() => setChosen(null)}
          />
          {texts.topLevel}
        </label>
        {choices
          .filter((choice) => !exclude?.(choice.id))
          .map((choice) => (
            <label key={choice.id} className="parent-picker__choice">
              <input
                type="radio"
                name={id}
                checked={chosen?.id === choice.id}
                onChange={() => setChosen(choice)}
              />
              <span dir="auto">{choice.name}</span>
            </label>
          ))}
        <div className="parent-picker__actions">
          <button type="button" className="button button--primary" onClick={() => onChoose(chosen)}>
            {texts.choose}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            {texts.cancel}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
