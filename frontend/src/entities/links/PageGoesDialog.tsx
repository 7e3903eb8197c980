import { t } from '../../i18n';
import { Modal } from '../../ui/modal/Modal';
import type { LinksApi } from './api';
import { LinkWarning } from './LinkWarning';
import type { PageGoing } from './LinkWarning';
import { useLinkedFrom } from './useLinkedFrom';

export interface PageGoesQuestion {
  going: PageGoing;
  /** null for a page not saved yet: nothing links to it. */
  pageId: number | null;
  /** The page's name in the screen's locale. */
  name: string;
  locale: string;
  /** The question, word for word (spec §8 for a deletion). */
  question: string;
  /** What else goes with it (the pages below a deleted page). */
  note?: string;
}

interface PageGoesDialogProps extends PageGoesQuestion {
  api: LinksApi;
  onAnswer: (yes: boolean) => void;
}

const CONFIRM = {
  delete: 'links.confirm.delete',
  unpublish: 'links.confirm.unpublish',
  hide: 'links.confirm.hide',
} as const;

/**
 * The confirmation before a page goes: the question at once, then how many pages link to it
 * and which, when the server has told (the dialog never waits for it).
 */
export function PageGoesDialog(props: PageGoesDialogProps) {
  const { going, pageId, name, locale, question, note, api, onAnswer } = props;
  const linked = useLinkedFrom(api, locale, pageId);
  return (
    <Modal title={t(`links.title.${going}`)} onClose={() => onAnswer(false)}>
      <div className="page-goes">
        <p className="page-goes__question">{question}</p>
        {note && <p className="page-goes__note">{note}</p>}
        <LinkWarning going={going} name={name} state={linked} locale={locale} />
        <div className="page-goes__buttons">
          <button type="button" className="button" onClick={() => onAnswer(false)}>
            {t('links.cancel')}
          </button>
          <button
            type="button"
            className={`button ${going === 'hide' ? 'button--primary' : 'button--danger'}`}
            onClick={() => onAnswer(true)}
          >
            {t(CONFIRM[going])}
          </button>
        </div>
      </div>
    </Modal>
  );
}
