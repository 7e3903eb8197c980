// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { localeDir, readInitialData } from './initialData';

describe('initial data', () => {
  it('reads the json_script element', () => {
    document.body.innerHTML =
      '<script id="initial-data" type="application/json">{"screen":"pageTree","locale":"ar"}</script>';
    expect(readInitialData()).toMatchObject({ screen: 'pageTree', locale: 'ar' });
  });

  it('fails clearly without the element', () => {
    document.body.innerHTML = '';
    expect(() => readInitialData()).toThrow('Missing #initial-data script element');
  });

  it.each([
    ['ar', 'rtl'],
    ['en', 'ltr'],
    ['xx', 'ltr'],
  ])('locale %s is %s', (code, dir) => {
    expect(
      localeDir(
        [
          { code: 'ar', name: 'العربية', dir: 'rtl' },
          { code: 'en', name: 'English', dir: 'ltr' },
        ],
        code,
      ),
    ).toBe(dir);
  });
});
