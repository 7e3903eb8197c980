import { describe, expect, it } from 'vitest';
import { languageName } from './languageName';

describe('languageName', () => {
  it("names a locale in the interface language, as the server's summaries do", () => {
    expect(languageName('en', 'English', 'ar')).toBe('الإنجليزية');
    expect(languageName('ar', 'العربية', 'en')).toBe('Arabic');
    expect(languageName('nb', 'Norsk bokmål', 'nb')).toBe('norsk bokmål');
  });

  it("falls back to the site's name for a code no language has", () => {
    expect(languageName('zz-private-x', 'Custom', 'en')).toBe('Custom');
  });
});
