import { describe, expect, it } from 'vitest';
import { insertLink, richTextMode, shortcutFormat, stripSameHost, toggleWrap } from './markdown';

describe('same-host link stripping', () => {
  const host = 'cms.example.org';
  it.each([
    ['https://cms.example.org/en/about', '/en/about'],
    ['https://cms.example.org/en/about?x=1#team', '/en/about?x=1#team'],
    ['https://CMS.example.org/nb', '/nb'],
    ['https://cms.example.org', '/'],
    ['  https://cms.example.org/en  ', '/en'],
    ['http://cms.example.org/en/about', 'http://cms.example.org/en/about'],
    ['https://other.example.org/en/about', 'https://other.example.org/en/about'],
    ['https://cms.example.org:8443/en', 'https://cms.example.org:8443/en'],
    ['/en/about', '/en/about'],
    ['mailto:post@example.org', 'mailto:post@example.org'],
  ])('%j becomes %j', (href, expected) => {
    expect(stripSameHost(href, host)).toBe(expected);
  });

  it('compares the port as part of the host', () => {
    expect(stripSameHost('https://localhost:8000/en', 'localhost:8000')).toBe('/en');
  });
});

describe('bold and italic', () => {
  it.each([
    ['wraps a selection in **', 'a word here', 2, 6, '**', 'a **word** here', 4, 8],
    ['wraps a selection in _', 'a word here', 2, 6, '_', 'a _word_ here', 3, 7],
    ['inserts markers at the caret', 'ab', 1, 1, '**', 'a****b', 3, 3],
    ['unwraps markers around the selection', 'a **word** here', 4, 8, '**', 'a word here', 2, 6],
    ['unwraps markers inside the selection', 'a _word_ here', 2, 8, '_', 'a word here', 2, 6],
  ])('%s', (_, value, start, end, marker, expected, selStart, selEnd) => {
    expect(toggleWrap(value, start, end, marker)).toEqual({
      value: expected,
      selectionStart: selStart,
      selectionEnd: selEnd,
    });
  });

  it.each([
    [{ key: 'b', ctrlKey: true, metaKey: false, altKey: false }, 'bold'],
    [{ key: 'B', ctrlKey: false, metaKey: true, altKey: false }, 'bold'],
    [{ key: 'i', ctrlKey: true, metaKey: false, altKey: false }, 'italic'],
    [{ key: 'i', ctrlKey: false, metaKey: true, altKey: false }, 'italic'],
    [{ key: 'b', ctrlKey: false, metaKey: false, altKey: false }, null],
    [{ key: 'b', ctrlKey: true, metaKey: false, altKey: true }, null],
    [{ key: 'k', ctrlKey: true, metaKey: false, altKey: false }, null],
  ])('%j asks for %s', (event, expected) => {
    expect(shortcutFormat(event)).toBe(expected);
  });
});

describe('links and modes', () => {
  it.each([
    ['the selection', 'see our team', 8, 12, '/en/team', 'see our [team](/en/team)', 9, 13],
    ['the address when nothing is selected', 'see ', 4, 4, '/en', 'see [/en](/en)', 5, 8],
  ])('links %s', (_, value, start, end, href, expected, selStart, selEnd) => {
    expect(insertLink(value, start, end, href)).toEqual({
      value: expected,
      selectionStart: selStart,
      selectionEnd: selEnd,
    });
  });

  it.each([
    ['', 'none'],
    ['monospace', 'none'],
    ['rich', 'full'],
    ['rich simple', 'simple'],
    ['simple rich wide', 'simple'],
  ])('class %j gives %s', (cssClass, mode) => {
    expect(richTextMode(cssClass)).toBe(mode);
  });
});
