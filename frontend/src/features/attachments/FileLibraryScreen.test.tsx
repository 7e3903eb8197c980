import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AttachmentApi, LibraryAttachment } from '../../entities/media/attachments/api';
import { attachmentRecord } from '../../entities/media/attachments/test/fixtures';
import { installDialogPolyfill } from '../../entities/media/images/test/fixtures';
import type { DeleteResult } from '../../entities/media/common/deletion';
import { ToastProvider } from '../../ui/toast';
import { FileLibraryScreen } from './FileLibraryScreen';
import type { FileLibraryScreenData } from './FileLibraryScreen';
import { screenBase } from '../../test/screenData';

const timetable: LibraryAttachment = {
  ...attachmentRecord(1, { filename: 'timetable.pdf', name: { en: 'Timetable' } }),
  pages: [{ id: 5, name: { en: 'Ferries' } }],
};
const leftover: LibraryAttachment = {
  ...attachmentRecord(2, { filename: 'old-menu.pdf', name: { en: 'Old menu' } }),
  pages: [],
};

function data(attachments: LibraryAttachment[]): FileLibraryScreenData {
  return {
    screen: 'fileLibrary',
    ...screenBase(),
    library: { attachments, page: 1, per_page: 48, total: attachments.length },
    filters: { q: '', page: 1 },
  };
}

function setup(remove: (id: number) => Promise<DeleteResult>, after = [timetable]) {
  const search = vi.fn<AttachmentApi['search']>(() =>
    Promise.resolve({ attachments: after, page: 1, per_page: 48, total: after.length }),
  );
  const api: AttachmentApi = { upload: vi.fn(), update: vi.fn(), replaceFile: vi.fn(), search };
  render(
    <ToastProvider>
      <FileLibraryScreen data={data([timetable, leftover])} api={api} remove={remove} />
    </ToastProvider>,
  );
  return { search };
}

const row = (name: string) =>
  screen.getAllByRole('listitem').find((item) => item.textContent?.startsWith(name)) as HTMLElement;

beforeAll(installDialogPolyfill);

describe('FileLibraryScreen', () => {
  it('labels a file no page shows, and deletes it after a confirmation naming it', async () => {
    const remove = vi.fn((): Promise<DeleteResult> => Promise.resolve({ kind: 'deleted' }));
    const { search } = setup(remove);
    expect(within(row('Timetable')).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(row('Old menu')).getByText('Not used on any page')).toBeVisible();
    await userEvent.click(within(row('Old menu')).getByRole('button', { name: 'Delete Old menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete file' });
    expect(dialog).toHaveTextContent('No page shows “\u2068Old menu\u2069”.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Old menu')).toBeNull();
    expect(await screen.findByText('“\u2068Old menu\u2069” was deleted.')).toBeVisible();
    expect(search).toHaveBeenCalledWith('', 1);
  });

  it('says why when the server refuses, and keeps the file', async () => {
    const remove = vi.fn((): Promise<DeleteResult> =>
      Promise.resolve({ kind: 'refused', status: 403, detail: 'You may not change this file.' }),
    );
    setup(remove, [timetable, leftover]);
    await userEvent.click(within(row('Old menu')).getByRole('button', { name: 'Delete Old menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete file' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '“\u2068Old menu\u2069” could not be deleted: You may not change this file.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(row('Old menu')).toBeVisible();
  });

  it('tries again after a failure', async () => {
    const remove = vi
      .fn((): Promise<DeleteResult> => Promise.resolve({ kind: 'deleted' }))
      .mockResolvedValueOnce({ kind: 'failed', detail: 'Network error' });
    setup(remove);
    await userEvent.click(within(row('Old menu')).getByRole('button', { name: 'Delete Old menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete file' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Network error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
