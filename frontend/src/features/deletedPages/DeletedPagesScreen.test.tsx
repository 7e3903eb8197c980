// The Deleted pages screen: who deleted what, when and with how many pages; search and paging
// through the list call; restore in place or under a chosen parent; purge for superusers only,
// after a confirmation that counts the pages going with it; a refusal shows the server's reason.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http';
import { ENGLISH, screenBase } from '../../test/screenData';
import { DeletedPagesScreen } from './DeletedPagesScreen';
import type { DeletedPagesScreenData } from './DeletedPagesScreen';
import type { DeletedPage, DeletedPagesApi } from './api';

const section: DeletedPage = {
  id: 12,
  name: 'Section',
  deleted_at: '2026-11-28T10:00:00Z',
  user: { id: 1, username: 'admin', name: 'Ada Admin' },
  parent_page_id: 3,
  parent_name: 'Top',
  parent_shown: true,
  descendants: 4,
  status_before: 0,
};

function data(
  superuser = true,
  pages: DeletedPage[] = [section],
  total = 1,
): DeletedPagesScreenData {
  const base = screenBase('en', [ENGLISH]);
  return {
    ...base,
    screen: 'deleted_pages' as const,
    user: { ...base.user, is_superuser: superuser },
    deleted: { pages, total },
    filters: { q: '', page: 1 },
  };
}

function fakeApi(overrides: Partial<DeletedPagesApi> = {}): DeletedPagesApi {
  return {
    list: vi.fn().mockResolvedValue({ pages: [], total: 0 }),
    restore: vi.fn().mockResolvedValue({}),
    purge: vi.fn().mockResolvedValue(null),
    findParents: vi.fn().mockResolvedValue([{ id: 40, name: 'Archive' }]),
    ...overrides,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('DeletedPagesScreen', () => {
  it('shows who deleted each page, when, and how many pages went with it', () => {
    const { container } = render(<DeletedPagesScreen data={data()} api={fakeApi()} />);
    const item = container.querySelector<HTMLElement>('.deleted-pages__item') as HTMLElement;
    expect(within(item).getByText('Section')).toBeTruthy();
    expect(within(item).getByText(/Deleted by Ada Admin/)).toBeTruthy();
    expect(within(item).getByText(/With 4 pages below it/)).toBeTruthy();
    expect(within(item).getByText(/Was under “Top”/)).toBeTruthy();
  });

  it('searches and pages through the list call', async () => {
    const api = fakeApi();
    const many = Array.from({ length: 3 }, (_, i) => ({ ...section, id: 100 + i }));
    render(<DeletedPagesScreen data={data(true, many, 120)} api={api} />);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Find by name'), { target: { value: ' Sec ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.list).toHaveBeenCalledWith('en', 'Sec', 1));
    expect(await screen.findByText('No deleted page has that name.')).toBeTruthy();
  });

  it('restores to the old place and links back to the tree', async () => {
    const api = fakeApi();
    render(<DeletedPagesScreen data={data()} api={api} />);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.restore).toHaveBeenCalledWith('en', 12, undefined));
    expect(await screen.findByText(/“Section” is back/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show in the tree' }).getAttribute('href')).toBe(
      '/admin/en/pages',
    );
  });

  it('restores under a parent found by name', async () => {
    const api = fakeApi();
    render(<DeletedPagesScreen data={data()} api={api} />);
    fireEvent.click(screen.getByRole('button', { name: 'Restore under…' }));
    fireEvent.change(screen.getByLabelText('Find a page'), { target: { value: 'Arch' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Search' })[1] as HTMLElement);
    fireEvent.click(await screen.findByLabelText('Archive'));
    fireEvent.click(screen.getByRole('button', { name: 'Restore here' }));
    await waitFor(() => expect(api.restore).toHaveBeenCalledWith('en', 12, 40));
  });

  it('says before restoring that a page coming back published is on the website at once', async () => {
    const api = fakeApi();
    const published = { ...section, status_before: 2 };
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    render(<DeletedPagesScreen data={data(true, [published])} api={api} />);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(confirm.mock.calls[0]?.[0]).toContain(
      'comes back as “Published”: visitors can reach it at once',
    );
    expect(api.restore).not.toHaveBeenCalled(); // declined: nothing restored
    fireEvent.click(screen.getByRole('button', { name: 'Restore under…' }));
    fireEvent.change(screen.getByLabelText('Find a page'), { target: { value: 'Arch' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Search' })[1] as HTMLElement);
    fireEvent.click(await screen.findByLabelText('Archive'));
    fireEvent.click(screen.getByRole('button', { name: 'Restore here' }));
    expect(confirm).toHaveBeenCalledTimes(2); // asked again for the other place
    await waitFor(() => expect(api.restore).toHaveBeenCalledWith('en', 12, 40));
  });

  it('restores a draft without asking: nothing visitors see changes', async () => {
    const api = fakeApi();
    const confirm = vi.spyOn(window, 'confirm');
    render(<DeletedPagesScreen data={data()} api={api} />);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.restore).toHaveBeenCalledWith('en', 12, undefined));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('shows why a restore was refused', async () => {
    const refusal = new HttpError(422, { detail: [['path_segment', 'is already taken']] });
    const api = fakeApi({ restore: vi.fn().mockRejectedValue(refusal) });
    vi.spyOn(HttpError.prototype, 'message', 'get').mockReturnValue('refused');
    render(<DeletedPagesScreen data={data()} api={api} />);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(/Not done:/)).toBeTruthy();
    expect(screen.getByText('Section')).toBeTruthy(); // still listed
  });

  it('purges only for superusers, after a confirmation counting the pages', async () => {
    const api = fakeApi();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { unmount } = render(<DeletedPagesScreen data={data()} api={api} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(confirm.mock.calls[0]?.[0]).toContain('the 4 pages below it');
    await waitFor(() => expect(api.purge).toHaveBeenCalledWith('en', 12));
    unmount();
    render(<DeletedPagesScreen data={data(false)} api={fakeApi()} />);
    expect(screen.queryByRole('button', { name: 'Delete for good' })).toBeNull();
  });
});
