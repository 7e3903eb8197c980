import { createRoot } from 'react-dom/client';
import { createLinksApi } from './api';
import type { LinksApi } from './api';
import { PageGoesDialog } from './PageGoesDialog';
import type { PageGoesQuestion } from './PageGoesDialog';

const defaultApi = createLinksApi();

/**
 * Ask whether the page may go, in a dialog of its own (as window.confirm asked, but with the
 * pages that link to it, which arrive after it opens): true when the user confirms. The dialog
 * is its own root on the body, so a tree row scrolled out of its window does not take it away.
 */
export function confirmPageGoes(
  question: PageGoesQuestion,
  api: LinksApi = defaultApi,
): Promise<boolean> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  return new Promise((resolve) => {
    let answered = false;
    const onAnswer = (yes: boolean) => {
      if (answered) return;
      answered = true;
      // After this event (a root is not unmounted from its own handler); the dialog gone
      // first, so the focus it gives back is the caller's to move on (the tree's next row).
      queueMicrotask(() => {
        root.unmount();
        host.remove();
        resolve(yes);
      });
    };
    root.render(<PageGoesDialog {...question} api={api} onAnswer={onAnswer} />);
  });
}
