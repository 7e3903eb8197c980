import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { ReviewComment } from '../../../api/types';
import { t } from '../../../i18n';
import { formatWhen } from '../../../lib/when';

interface BlockCommentsProps {
  /** The block's title in the interface language, with its locale's name when it has one. */
  where: string;
  /** The comments on this block in this locale, oldest first. */
  comments: readonly ReviewComment[];
  /** Add one: null when added, else what went wrong, said beside the form. */
  onAdd: (text: string) => Promise<string | null>;
}

/**
 * The reviewer's comments on one block of a change in one locale (issue 32), under the block's
 * comparison: those made, and a form to add one (the author reads them in their editor).
 */
export function BlockComments({ where, comments, onAdd }: BlockCommentsProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setProblem(null);
    const failed = await onAdd(text.trim());
    setBusy(false);
    if (failed === null) {
      setText('');
      setOpen(false);
    } else setProblem(failed);
  };

  return (
    <div className="block-comments">
      {comments.length > 0 && (
        <ul className="review-detail__comments" aria-label={t('review.commentsOn', { where })}>
          {comments.map((item, index) => (
            <li key={index}>
              <strong>{item.user.name}</strong> · {formatWhen(item.at)}
              <p dir="auto">{item.text}</p>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <form className="block-comments__form" onSubmit={(event) => void add(event)} noValidate>
          <label className="form-field__label" htmlFor={`${id}-text`}>
            {t('review.commentOnBlock', { where })}
          </label>
          <textarea
            id={`${id}-text`}
            className="input review-dialog__message"
            rows={2}
            maxLength={5000}
            dir="auto"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          {problem && (
            <p id={`${id}-problem`} className="form-field__error" role="alert">
              {problem}
            </p>
          )}
          <div className="review-dialog__buttons">
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t('review.cancel')}
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={busy || !text.trim()}
            >
              {t('review.addComment')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button--link" onClick={() => setOpen(true)}>
          {t('review.commentOnBlock', { where })}
        </button>
      )}
    </div>
  );
}
