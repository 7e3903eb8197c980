import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUES, LANGUAGES, interfaceDir, language, setLanguage, t } from '.';
import type { MessageKey } from '.';
import { en } from './en';
import type { Message } from './messages';

const PLURAL_CATEGORIES: Record<string, readonly string[]> = {
  en: ['one', 'other'],
  nb: ['one', 'other'],
  ar: ['zero', 'one', 'two', 'few', 'many', 'other'],
};

function placeholders(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  const names = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(/\{(\w+)\}/g)) names.add(match[1]);
  return [...names].sort();
}

afterEach(() => setLanguage('en'));

describe('the catalogues', () => {
  const keys = Object.keys(en).sort();

  it.each(LANGUAGES)('%s has every key of the English catalogue and no other', (code) => {
    expect(Object.keys(CATALOGUES[code]).sort()).toEqual(keys);
  });

  it.each(LANGUAGES)('%s fills every message with text', (code) => {
    for (const [key, message] of Object.entries(CATALOGUES[code])) {
      const texts: string[] = typeof message === 'string' ? [message] : Object.values(message);
      for (const text of texts) expect(text.trim(), `${code} ${key}`).not.toBe('');
    }
  });

  it.each(LANGUAGES)('%s uses the placeholders of the English text', (code) => {
    for (const key of keys as MessageKey[]) {
      const message = CATALOGUES[code][key];
      // A plural form may leave {count} out ("one item" spelled as a word), nothing else.
      const expected = placeholders(en[key]).filter(
        (name) => name !== 'count' || typeof message === 'string',
      );
      const actual = placeholders(message);
      for (const name of expected.filter((name) => name !== 'count')) {
        expect(actual, `${code} ${key}`).toContain(name);
      }
      for (const name of actual) expect(placeholders(en[key]), `${code} ${key}`).toContain(name);
    }
  });

  it('isolates sizes in right-to-left languages, so 1200 × 630 never reads 630 × 1200', () => {
    const size = /\{(\w+)\} × \{(\w+)\}/g;
    for (const code of LANGUAGES.filter((code) => interfaceDir(code) === 'rtl')) {
      for (const [key, message] of Object.entries(CATALOGUES[code])) {
        const texts: string[] = typeof message === 'string' ? [message] : Object.values(message);
        for (const text of texts) {
          for (const found of text.matchAll(size)) {
            const at = found.index;
            expect(text.slice(at - 1, at + found[0].length + 1), `${code} ${key}`).toBe(
              `\u2066${found[0]}\u2069`,
            );
          }
        }
      }
    }
  });

  it.each(LANGUAGES)('%s counts with the plural categories of its language', (code) => {
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    expect([...categories].sort()).toEqual([...(PLURAL_CATEGORIES[code] ?? [])].sort());
    for (const key of keys as MessageKey[]) {
      const message = CATALOGUES[code][key];
      // A counted English message is counted in every language, with every category it needs.
      if (typeof en[key] === 'string') continue;
      expect(typeof message, `${code} ${key}`).toBe('object');
      for (const category of categories) {
        expect(message, `${code} ${key} ${category}`).toHaveProperty(category);
      }
    }
  });
});

describe('t', () => {
  it('answers the English text by default', () => {
    expect(language()).toBe('en');
    expect(t('header.logout')).toBe('Log out');
  });

  it('answers the text of the language set, and English for an unknown one', () => {
    setLanguage('nb');
    expect(t('header.logout')).toBe('Logg ut');
    setLanguage('xx');
    expect(language()).toBe('en');
    expect(t('header.logout')).toBe('Log out');
  });

  it('fills placeholders and picks the plural form of the language', () => {
    expect(t('tree.itemCount', { count: 1 })).toBe('(1 item)');
    expect(t('tree.itemCount', { count: 3 })).toBe('(3 items)');
    expect(t('tree.moved', { name: 'Staff', parent: 'About us', position: 2 })).toBe(
      'Moved Staff under About us, position 2',
    );
    setLanguage('ar');
    expect(t('tree.itemCount', { count: 2 })).toBe('(عنصران)');
    expect(t('tree.itemCount', { count: 5 })).toBe('(5 عناصر)');
    expect(t('tree.itemCount', { count: 11 })).toBe('(11 عنصرًا)');
    setLanguage('nb');
    expect(t('tree.itemCount', { count: 1 })).toBe('(1 element)');
  });

  it('keeps the specification’s English texts word for word', () => {
    expect(t('editor.saved')).toBe('Your changes were saved');
    expect(t('editor.saveFailed')).toBe('An error occured while saving your changes.');
    expect(t('tree.deleteConfirmation')).toBe('Are you sure you want to delete this page?');
    expect(t('editor.pathSegmentHint')).toBe('Only alpanumeric characters and dashes are allowed.');
    expect(t('editor.publishLater')).toBe('This page will publish later');
    expect(t('images.uploading')).toBe('Uploading...');
    expect(t('images.uploadFailed', { error: 'Too big' })).toBe('Error uploading image: Too big');
    expect(t('images.altMissing')).toBe('Alternative text is missing');
    expect(t('images.dialog.embedCopied')).toBe('Embed code copied to clipboard');
    expect(t('images.invalidType')).toBe(
      'Invalid file type, only images in JPEG, PNG or GIF formats are supported',
    );
  });

  it('tells the direction of the interface', () => {
    expect(interfaceDir()).toBe('ltr');
    setLanguage('ar');
    expect(interfaceDir()).toBe('rtl');
    expect(interfaceDir('nb')).toBe('ltr');
  });
});
