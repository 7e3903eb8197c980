// Issue 13: a page the user may not edit opens read-only; the History panel lists its entries.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../api/types';
import { renderEditor as setup } from './test/renderEditor';
import { page } from './test/fixtures';

const entries: AuditEntry[] = [
  {
    id: 3,
    action: 'update',
    user: { id: 2, name: 'Eva Editor' },
    at: '2024-05-02T09:30:00Z',
    subject: 'page',
    subject_id: 5,
    details: { locale: 'en', fields: ['name', 'status'], status: { from: 0, to: 2 } },
  },
  {
    id: 1,
    action: 'create',
    user: { id: 1, name: 'Admin' },
    at: '2024-05-01T08:00:00Z',
    subject: 'page',
    subject_id: 5,
    details: { locale: 'nb', parent_page_id: null },
  },
];

const fetchHistory = vi.fn(() =>
  Promise.resolve(new Response(JSON.stringify(entries), { status: 200 })),
);

beforeEach(() => {
  window.history.replaceState(null, '', '/admin/en/pages/5/edit');
  vi.stubGlobal('fetch', fetchHistory);
});
afterEach(() => vi.unstubAllGlobals());

describe('a page the user may not edit', () => {
  it('opens read-only: a note says why, the fields are disabled and there is no Save', async () => {
    const { user, api } = setup({ page: page({ permissions: ['create'] }) });
    expect(screen.getByRole('note')).toHaveTextContent(
      'You can view this page but not change it. You have no edit rights on it',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Read only')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeDisabled();
    const options = screen.getByRole('complementary', { name: 'Page options' });
    for (const control of within(options).getAllByRole('combobox')) expect(control).toBeDisabled();
    // The tabs still switch: reading every tab is allowed.
    await user.click(screen.getByRole('tab', { name: 'Metadata' }));
    expect(screen.getByRole('tab', { name: 'Metadata' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Control>}s{/Control}');
    expect(api.save).not.toHaveBeenCalled();
  });

  it('is editable with edit rights', () => {
    setup({ page: page({ permissions: ['edit'] }) });
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeEnabled();
  });

  it('refuses a new page where the user may not create one', () => {
    setup({ page: page({ id: null, permissions: ['edit'] }) });
    expect(screen.getByRole('note')).toHaveTextContent("You can't add a page here.");
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('the History panel', () => {
  it('lists the page’s entries newest first in plain words', async () => {
    setup();
    const panel = screen.getByRole('region', { name: 'Activity' });
    const items = await within(panel).findAllByRole('listitem');
    const texts = items.filter((item) => item.classList.contains('history-entry'));
    expect(texts.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Eva Editor changed Name and the status of the page in English', // the name block's title
      // In running text, in the interface language (issue 28, item 8).
      'Admin created the page in Norwegian Bokmål',
    ]);
    expect(texts[0]).toHaveTextContent('Status: Draft → Published');
    expect(texts[0]?.querySelector('time')).toHaveAttribute('datetime', '2024-05-02T09:30:00Z');
    expect(fetchHistory).toHaveBeenCalledWith('/admin/en/pages/5/history.json', expect.anything());
  });
});
