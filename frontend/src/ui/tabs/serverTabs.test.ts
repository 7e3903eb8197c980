// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { screen } from '@testing-library/react';
import { setupTabs } from './serverTabs';

const markup = `
  <ul>
    <li data-tab="content"><a href="#content">Content</a></li>
    <li data-tab="metadata"><a href="#metadata">Metadata</a></li>
  </ul>
  <div data-tab-panel="content">Content panel</div>
  <div data-tab-panel="metadata">Metadata panel</div>`;

function visiblePanels() {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-tab-panel]'))
    .filter((panel) => !panel.hidden)
    .map((panel) => panel.dataset.tabPanel);
}

describe('setupTabs', () => {
  let teardown: () => void = () => undefined;

  beforeEach(() => {
    document.body.innerHTML = markup;
    window.history.replaceState(null, '', '/admin/pages');
  });
  afterEach(() => teardown());

  it('shows the first tab when the fragment names none', () => {
    teardown = setupTabs();
    expect(visiblePanels()).toEqual(['content']);
    expect(screen.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
  });

  it('reads the tab from the fragment on load', () => {
    window.history.replaceState(null, '', '/admin/pages#metadata');
    teardown = setupTabs();
    expect(visiblePanels()).toEqual(['metadata']);
  });

  it('switches on click and pushes history state with the fragment', async () => {
    teardown = setupTabs();
    const before = window.history.length;
    await userEvent.click(screen.getByRole('tab', { name: 'Metadata' }));
    expect(visiblePanels()).toEqual(['metadata']);
    expect(window.location.hash).toBe('#metadata');
    expect(window.history.state).toEqual({ tab: 'metadata' });
    expect(window.history.length).toBe(before + 1);
    expect(document.querySelector('[data-tab="metadata"]')).toHaveClass('current');
  });

  it('follows popstate back to the earlier tab', () => {
    teardown = setupTabs();
    window.dispatchEvent(new PopStateEvent('popstate', { state: { tab: 'metadata' } }));
    expect(visiblePanels()).toEqual(['metadata']);
    window.dispatchEvent(new PopStateEvent('popstate', { state: { tab: 'content' } }));
    expect(visiblePanels()).toEqual(['content']);
  });

  it('ignores an unknown fragment', () => {
    window.history.replaceState(null, '', '/admin/pages#nope');
    teardown = setupTabs();
    expect(visiblePanels()).toEqual(['content']);
  });
});
