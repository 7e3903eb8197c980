// Issue 20: a row whose page has a scheduled change waiting, or one that could not go live,
// says so with an icon and words for assistive technology. Issue 28: the waiting change's badge
// shows its time, in other words than a future publishing date's, and a failed one says why.
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
    const at = new Date(2031, 4, 2, 14, 30);
    renderWith(
      new Map<number, PendingChange>([
        [1, { state: 'waiting', at: at.toISOString() }],
        [2, { state: 'failed', at: at.toISOString(), reason: 'Not applied: newer work was kept.' }],
      ]),
    );
    const waiting = row('Home');
    expect(waiting).toHaveAccessibleDescription(
      'An edit of this page is scheduled to go live on May 2, 2031, 2:30 PM.',
    );
    expect(waiting.querySelector('.tree-row__marker--change-waiting svg')).toBeInTheDocument();
    const badge = waiting.querySelector('.tree-row__marker--change-waiting');
    expect(badge?.querySelector('[data-text="Change at May 2, 02:30 PM"]')).toBeInTheDocument();
    expect(badge).toHaveAttribute('title', expect.stringContaining('May 2, 2031, 2:30 PM'));
    expect(badge?.querySelector('time')).toHaveAttribute('datetime', at.toISOString());
    const failed = row('News');
    expect(failed).toHaveAccessibleDescription(
      'The edit scheduled for May 2, 2031, 2:30 PM could not go live. Not applied: newer work was kept.',
    );
    expect(failed.querySelector('.tree-row__marker--change-failed svg')).toBeInTheDocument();
    // The mark describes the row; its name stays the page's.
    expect(failed).toHaveAccessibleName('News');
    const plain = row('Contact');
    expect(plain.querySelector('[class*="tree-row__marker--change"]')).toBeNull();
    expect(within(plain).queryByText(/Change at/)).toBeNull();
  });

  it('show a change of today by its time alone, in the interface language’s format', () => {
    const now = new Date(2031, 4, 2, 9, 0);
    const at = new Date(2031, 4, 2, 14, 30).toISOString();
    const [english] = rowMarkers(
      { status: 0, published_at: null, pinned: false },
      { newsItem: false, now, pending: { state: 'waiting', at }, language: 'en' },
    );
    expect(english?.text).toBe('Change at 02:30 PM');
    const [norwegian] = rowMarkers(
      { status: 0, published_at: null, pinned: false },
      { newsItem: false, now, pending: { state: 'waiting', at }, language: 'nb' },
    );
    expect(norwegian?.label).toContain('14:30');
  });

  it('read apart from a future publishing date', () => {
    const markers = rowMarkers(
      { status: 2, published_at: '2999-01-01T00:00:00Z', pinned: false },
      {
        newsItem: false,
        now: new Date(2031, 4, 2, 9, 0),
        pending: { state: 'waiting', at: new Date(2031, 4, 2, 14, 30).toISOString() },
        language: 'en',
      },
    );
    expect(markers.map((marker) => marker.text)).toEqual(['Publishes later', 'Change at 02:30 PM']);
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
      {
        newsItem: true,
        now: new Date(),
        pending: { state: 'failed', at: '2999-01-02T00:00:00Z' },
        language: 'en',
      },
    );
    expect(markers.map((marker) => marker.kind)).toEqual([
      'scheduled',
      'pinned',
      'date',
      'change-failed',
    ]);
  });
});
