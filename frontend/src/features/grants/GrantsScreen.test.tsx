import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GrantsScreenData } from '../../api/types';
import { ToastProvider } from '../../ui/toast';
import { GrantsScreen } from './GrantsScreen';
import type { GrantsApi } from './api';
import { screenBase } from '../../test/screenData';

const topPage = (id: number, name: string, childCount = 0) => ({
  id,
  parent_page_id: null,
  position: id,
  status: 2 as const,
  published_at: null,
  pinned: false,
  news_page: false,
  template: 'article',
  path_segment: name.toLowerCase(),
  blocks: { name: { en: name } },
  urls: {},
  permissions: ['edit' as const, 'create' as const],
  lock_version: 1,
  child_count: childCount,
});

function data(overrides: Partial<GrantsScreenData> = {}): GrantsScreenData {
  return {
    screen: 'grants',
    ...screenBase(),
    users: [
      {
        id: 1,
        username: 'admin',
        name: '',
        email: '',
        is_active: true,
        is_superuser: true,
        two_factor: false,
      },
      {
        id: 7,
        username: 'kari',
        name: 'Kari',
        email: '',
        is_active: true,
        is_superuser: false,
        two_factor: false,
      },
    ],
    user_id: 7,
    grants: [{ page_id: 10, permissions: ['edit'] }],
    pages: [topPage(10, 'About', 1), topPage(20, 'News')],
    ...overrides,
  };
}

function setup(overrides: Partial<GrantsScreenData> = {}) {
  const api: GrantsApi = {
    listChildren: vi.fn(() =>
      Promise.resolve([
        {
          id: 11,
          parent_page_id: 10,
          status: 2 as const,
          blocks: { name: { en: 'Staff' } },
          child_count: 0,
        },
      ]),
    ),
    listGrants: vi.fn(() => Promise.resolve([{ page_id: null, permissions: ['create' as const] }])),
    changeGrants: vi.fn(() =>
      Promise.resolve([
        { page_id: null, permissions: ['edit' as const] },
        { page_id: 10, permissions: ['edit' as const] },
      ]),
    ),
  };
  render(
    <ToastProvider>
      <GrantsScreen data={data(overrides)} api={api} />
    </ToastProvider>,
  );
  return api;
}

const row = (key: string) => screen.getByTestId(`grant-row-${key}`);
const actionButtons = () =>
  within(screen.getByRole('group', { name: 'Change rights on the selected pages' })).getAllByRole(
    'button',
  );

describe('GrantsScreen', () => {
  it('keeps the six actions disabled until a box is ticked, and fills the id list', async () => {
    const user = userEvent.setup();
    setup();
    expect(actionButtons().map((button) => button.textContent)).toEqual([
      'Grant edit',
      'Revoke edit',
      'Grant create',
      'Revoke create',
      'Grant submit for review',
      'Revoke submit for review',
    ]);
    for (const button of actionButtons()) expect(button).toBeDisabled();
    const ids = screen.getByLabelText('Selected pages');
    expect(ids).toHaveValue('');

    await user.click(screen.getByRole('checkbox', { name: 'News' }));
    await user.click(screen.getByRole('checkbox', { name: 'All Pages' }));
    expect(ids).toHaveValue('20,root');
    for (const button of actionButtons()) expect(button).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'News' }));
    await user.click(screen.getByRole('checkbox', { name: 'All Pages' }));
    expect(ids).toHaveValue('');
    for (const button of actionButtons()) expect(button).toBeDisabled();
  });

  it('grants on the ticked pages in one call and shows the new rights', async () => {
    const user = userEvent.setup();
    const api = setup();
    await user.click(screen.getByRole('checkbox', { name: 'All Pages' }));
    await user.click(screen.getByRole('checkbox', { name: 'About' }));
    await user.click(screen.getByRole('button', { name: 'Grant edit' }));
    expect(api.changeGrants).toHaveBeenCalledWith({
      user_id: 7,
      page_ids: 'root,10',
      permissions: ['edit'],
      action: 'grant',
    });
    expect(await screen.findByText('Edit granted to Kari on 2 pages.')).toBeInTheDocument();
    // News holds edit through the root now.
    expect(within(row('20')).getByTitle('Inherited from All Pages')).toHaveTextContent('Edit');
  });

  it('grants submit for review as it grants the others, and explains it', async () => {
    const user = userEvent.setup();
    const api = setup();
    expect(
      screen.getByText(/Submit for review lets someone write pages visitors cannot see/),
    ).toBeInTheDocument();
    vi.mocked(api.changeGrants).mockResolvedValueOnce([
      { page_id: 10, permissions: ['edit' as const, 'submit' as const] },
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'About' }));
    await user.click(screen.getByRole('button', { name: 'Grant submit for review' }));
    expect(api.changeGrants).toHaveBeenCalledWith({
      user_id: 7,
      page_ids: '10',
      permissions: ['submit'],
      action: 'grant',
    });
    expect(
      await screen.findByText('Submit for review granted to Kari on one page.'),
    ).toBeInTheDocument();
    expect(
      within(row('10'))
        .getAllByTitle('Granted on this page')
        .map((b) => b.textContent),
    ).toEqual(['Edit', 'Submit for review']);
  });

  it('marks rights held on the page itself and those inherited from above', async () => {
    const user = userEvent.setup();
    const api = setup();
    expect(within(row('10')).getByTitle('Granted on this page')).toHaveTextContent('Edit');
    expect(within(row('20')).queryByText('Edit')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show the pages under About' }));
    expect(api.listChildren).toHaveBeenCalledWith(10);
    const staff = await screen.findByTestId('grant-row-11');
    expect(within(staff).getByTitle('Inherited from About')).toHaveTextContent('Edit · inherited');
  });

  it('reads another user’s grants when they are chosen', async () => {
    const user = userEvent.setup();
    const api = setup({ user_id: null, grants: [] });
    expect(
      screen.getByText('Choose a user to see and change what they may do.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Kari/ }));
    expect(api.listGrants).toHaveBeenCalledWith(7);
    expect(await screen.findByRole('heading', { name: 'What Kari may do' })).toBeInTheDocument();
    expect(window.location.search).toBe('?locale=en&user=7');
    expect(within(row('root')).getByTitle('Granted on this page')).toHaveTextContent('Create');
  });
});
