import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { PageEditorScreenData } from '../../../api/types';
import { ToastProvider } from '../../../ui/toast';
import type { EditorApi, SaveResult } from '../api';
import { PageEditorScreen } from '../PageEditorScreen';
import { initialData, page } from './fixtures';

/**
 * Render the editor over `initialData(overrides)`: a save answers `result` (saved, by default),
 * a reload the fixture page, and the leave guard's question is declined.
 */
export function renderEditor(overrides: Partial<PageEditorScreenData> = {}, result?: SaveResult) {
  const api = {
    save: vi.fn<EditorApi['save']>().mockResolvedValue(result ?? { kind: 'saved', page: page() }),
    load: vi.fn<EditorApi['load']>().mockResolvedValue(page()),
  };
  const confirm = vi.fn(() => false);
  render(
    <ToastProvider>
      <PageEditorScreen data={initialData(overrides)} api={api} confirm={confirm} />
    </ToastProvider>,
  );
  return { user: userEvent.setup(), api, confirm };
}

/** The `page` a save call sent (0: the first). */
export const sentPage = (api: { save: { mock: { calls: unknown[][] } } }, call = 0) =>
  (api.save.mock.calls[call]?.[2] as { page: Record<string, unknown> }).page;
