// Issue 20: a row whose page has a scheduled change waiting, or one that could not go live,
// says so with an icon and words for assistive technology.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageTree } from './components/PageTree';
import { PendingChangesContext } from './pendingChanges';
import type { PendingChange } from './pendingChanges';
import { rowMarkers } from './rowMarkers';
import { createTreeStore } from './store';
import { mockApi, named, treePage } from './test/fixtures';

function renderWith(pending: ReadonlyMap<number, PendingChange>) {
  const pages = [
    treePage(1, null, 1, named('Home')),
    treePage(2, null, 2, named('News')),
    treePage(3, null, 3, named('Contact')),
  ];
  const store = createTreeStore({ pages, locale: 'en', api: mockApi(), onError: () => undefined });
  render(
    <PendingChangesContext.Provider value={pending}>
      <PageTree
        store={store}
        locale="en"
        localeOrder={['en']}
        dir="ltr"
        rootCanCreate
        labelledBy="x"
      />
    </PendingChangesContext.Provider>,
  );
}

const row = (name: string) => screen.getByRole('treeitem', { name: new RegExp(`^${name}`) });

describe('rows with a scheduled change', () => {
  it('mark a waiting change and a failed one, described to assistive technology', () => {
    renderWith(
      new Map<number, PendingChange>([
        [1, 'waiting'],
        [2, 'failed'],
      ]),
    );
    const waiting = row('Home');
    expect(waiting).toHaveAccessibleDescription('A change is scheduled to go live');
    expect(waiting.querySelector('.tree-row__marker--change-waiting svg')).toBeInTheDocument();
    expect(
      waiting.querySelector('.tree-row__marker--change-waiting [data-text="Change scheduled"]'),
    ).toBeInTheDocument();
    const failed = row('News');
    expect(failed).toHaveAccessibleDescription('A scheduled change could not go live');
    expect(failed.querySelector('.tree-row__marker--change-failed svg')).toBeInTheDocument();
    // The mark describes the row; its name stays the page's.
    expect(failed).toHaveAccessibleName('News');
    const plain = row('Contact');
    expect(plain.querySelector('[class*="tree-row__marker--change"]')).toBeNull();
    expect(within(plain).queryByText('Change scheduled')).toBeNull();
  });

  it('are not marked without the marks (no provider)', () => {
    const markers = rowMarkers(
      { status: 0, published_at: null, pinned: false },
      { newsItem: false, now: new Date() },
    );
    expect(markers).toEqual([]);
  });

  it('put the change’s mark after the others', () => {
    const markers = rowMarkers(
      { status: 2, published_at: '2999-01-01T00:00:00Z', pinned: true },
      { newsItem: true, now: new Date(), pending: 'failed', language: 'en' },
    );
    expect(markers.map((marker) => marker.kind)).toEqual([
      'scheduled',
      'pinned',
      'date',
      'change-failed',
    ]);
  });
});
