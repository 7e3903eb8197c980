// The screen's embedded data stops at a row budget (read_model.FIRST_PAINT_ROWS): an open
// top-level page past it comes without its children. The tree loads them as it starts, shows
// the node open and loading meanwhile, and answers the keyboard before they arrive.
import { within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TreePage } from './types';
import { fakeTreeApi, holdChildReads } from './test/fakeTreeApi';
import type { FakeTreeApi } from './test/fakeTreeApi';
import { renderTreeScreen, rowNames as names, treeRow as row } from './test/fixtures';
import { named, screenData, serverReads, treePage } from './test/fixtures';
import { ENGLISH, NORWEGIAN, screenBase } from '../../test/screenData';

/**
 * Home (open: About us, Contact), Shop (open: Cart, Checkout, Returns), News (a news page:
 * collapsed) › a story, Help (open: FAQ). With a budget of six rows the screen embeds the four
 * top-level pages and Home's two children; Shop's three do not fit, and neither do Help's,
 * which follow them.
 */
function pages(): TreePage[] {
  return [
    treePage(1, null, 1, named('Home')),
    treePage(2, 1, 1, named('About us')),
    treePage(3, 1, 2, named('Contact')),
    treePage(10, null, 2, named('Shop')),
    treePage(11, 10, 1, named('Cart')),
    treePage(12, 10, 2, named('Checkout')),
    treePage(13, 10, 3, named('Returns')),
    treePage(20, null, 3, { news_page: true, ...named('News') }),
    treePage(21, 20, 1, named('A story')),
    treePage(30, null, 4, named('Help')),
    treePage(31, 30, 1, named('FAQ')),
  ];
}

const server = serverReads(pages());
const BUDGET = 6;

let api: FakeTreeApi;

const setup = () => renderTreeScreen(screenData(server.embedded(BUDGET)), api).user;

describe('an open top-level page whose children were not embedded', () => {
  beforeEach(() => {
    api = fakeTreeApi(pages());
    window.localStorage.clear();
  });

  it('embeds whole child lists up to the budget, in the order shown', () => {
    expect(server.embedded(BUDGET).map((page) => page.id)).toEqual([1, 10, 20, 30, 2, 3]);
  });

  it('shows open and loading at once, and its children once they arrive', async () => {
    const calls = holdChildReads(api);
    setup();
    // Loaded on start, without anything being opened, in one call; Home's children came embedded.
    expect(api.listChildrenOf.mock.calls).toEqual([[[10, 30]]]);
    expect(api.listChildren).not.toHaveBeenCalled();
    expect(names()).toEqual(['All Pages', 'Home', 'About us', 'Contact', 'Shop', 'News', 'Help']);
    for (const open of ['Shop', 'Help']) {
      expect(row(open)).toHaveAttribute('aria-expanded', 'true');
      expect(row(open)).toHaveAttribute('aria-busy', 'true');
      expect(within(row(open)).getByText('Loading…')).toBeInTheDocument();
    }
    expect(row('Home')).not.toHaveAttribute('aria-busy');
    expect(row('News')).toHaveAttribute('aria-expanded', 'false');

    await calls.release();
    expect(names()).toEqual([
      'All Pages',
      'Home',
      'About us',
      'Contact',
      'Shop',
      'Cart',
      'Checkout',
      'Returns',
      'News',
      'Help',
      'FAQ',
    ]);
    expect(row('Shop')).not.toHaveAttribute('aria-busy');
    expect(within(row('Shop')).queryByText('Loading…')).not.toBeInTheDocument();
    expect(row('Cart')).toHaveAttribute('aria-level', '3');
    expect(row('Cart')).toHaveAttribute('aria-setsize', '3');
    expect(row('Returns')).toHaveAttribute('aria-posinset', '3');
    expect(api.listChildrenOf).toHaveBeenCalledTimes(1);
    expect(api.listChildren).not.toHaveBeenCalled();
  });

  it('answers ArrowDown before the children arrive, and keeps the focus when they do', async () => {
    const calls = holdChildReads(api);
    const user = setup();
    row('Contact').focus();
    await user.keyboard('{ArrowDown}');
    expect(row('Shop')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(row('News')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(row('Shop')).toHaveFocus();
    expect(row('Shop')).toHaveAttribute('aria-busy', 'true');

    await calls.release();
    expect(row('Shop')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(row('Cart')).toHaveFocus();
  });

  it('leaves it closed, and loads nothing, when it was closed on an earlier visit', () => {
    window.localStorage.setItem('collapsedPages', JSON.stringify({ 10: true, 30: true }));
    holdChildReads(api);
    setup();
    expect(api.listChildrenOf).not.toHaveBeenCalled();
    expect(api.listChildren).not.toHaveBeenCalled();
    expect(row('Shop')).toHaveAttribute('aria-expanded', 'false');
    expect(within(row('Shop')).getByText('(3 items)')).toBeInTheDocument();
  });
});

describe('the translation marks of the embedded rows (issue 22)', () => {
  beforeEach(() => {
    api = fakeTreeApi(pages());
    window.localStorage.clear();
  });

  /** The screen in `locale`, Home outdated there and About us missing (Contact: current). */
  const render = (locale: string) => {
    const data = screenData(server.embedded(BUDGET), screenBase(locale, [ENGLISH, NORWEGIAN]));
    const states: Record<number, 'outdated' | 'missing'> = { 1: 'outdated', 2: 'missing' };
    data.pages = data.pages.map((page) =>
      states[page.id] ? { ...page, translation: states[page.id] } : page,
    );
    renderTreeScreen(data, api);
  };

  it("marks the rows outdated or missing in the screen's locale before anything loads", () => {
    holdChildReads(api);
    render('nb');
    expect(row('Home')).toHaveAccessibleDescription(/Outdated in Norsk bokmål/);
    expect(row('Home').querySelector('[data-text="Outdated"]')).toBeInTheDocument();
    expect(row('About us')).toHaveAccessibleDescription(/Missing in Norsk bokmål/);
    expect(row('Contact')).not.toHaveAccessibleDescription(/Norsk bokmål/);
  });

  it('marks nothing in the default locale, the source', () => {
    holdChildReads(api);
    render('en');
    for (const name of ['Home', 'About us', 'Contact']) {
      expect(row(name)).not.toHaveAccessibleDescription(/Outdated|Missing/);
    }
  });
});
