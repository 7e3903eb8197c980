// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { leavesDocument } from './hooks/useLeaveGuard';
import { previewForm } from './preview';
import { tabFromHash, tabStates } from './tabs';

describe('tabs', () => {
  it.each([
    [{ images: true, files: true }, false, { images: 'link', files: 'link', u: 'hidden' }],
    [{ images: false, files: true }, true, { images: 'text', files: 'link', u: 'link' }],
    [{ images: true, files: false }, false, { images: 'link', files: 'text', u: 'hidden' }],
  ])('template %j with unconfigured %s', (template, unconfigured, expected) => {
    const states = tabStates(template, unconfigured);
    expect(states.content).toBe('link');
    expect(states.metadata).toBe('link');
    expect(states.images).toBe(expected.images);
    expect(states.files).toBe(expected.files);
    expect(states['unconfigured-content']).toBe(expected.u);
  });

  const states = tabStates({ images: false, files: true }, false);
  it.each([
    ['', 'content'],
    ['#metadata', 'metadata'],
    ['#files', 'files'],
    ['#images', 'content'],
    ['#unconfigured-content', 'content'],
    ['#nonsense', 'content'],
  ])('fragment %j opens %s', (hash, expected) => {
    expect(tabFromHash(hash, states)).toBe(expected);
  });
});

describe('leaving the screen', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));
  it.each([
    ['#metadata', {}, false],
    ['/admin/en/pages/2/edit#metadata', {}, true],
    ['/admin/nb/pages/5/edit', {}, true],
    ['/admin/en/pages', { target: '_blank' }, false],
  ])('a link to %j (%j) leaves: %s', (href, attributes, expected) => {
    window.history.replaceState(null, '', '/admin/en/pages/5/edit#content');
    const link = document.createElement('a');
    link.href = href;
    Object.assign(link, attributes);
    expect(leavesDocument(link, window.location)).toBe(expected);
  });
});

describe('preview form', () => {
  it('posts the payload into a new tab with the token and page id', () => {
    const form = previewForm(document, {
      locale: 'nb',
      csrfToken: 'tok',
      pageId: 5,
      payload: { page: { name: 'Hei' } as never },
    });
    expect(form.method).toBe('post');
    expect(form.target).toBe('_blank');
    expect(form.getAttribute('action')).toBe('/nb/pages/preview');
    const fields = Object.fromEntries(new FormData(form).entries());
    expect(fields).toEqual({
      authenticity_token: 'tok',
      page_id: '5',
      preview_page: '{"page":{"name":"Hei"}}',
    });
  });
});
