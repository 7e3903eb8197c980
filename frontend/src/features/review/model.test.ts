import { describe, expect, it } from 'vitest';
import { templates } from '../pageEditor/test/fixtures';
import { localizedBlocks, otherLocaleChanges } from './model';

describe('otherLocaleChanges', () => {
  const localized = localizedBlocks(templates);

  it('knows the blocks a template keeps per locale', () => {
    expect(localized.has('body')).toBe(true);
    expect(localized.has('meta_title')).toBe(true);
    expect(localized.has('layout')).toBe(false);
  });

  it('takes each locale’s own fields from the copies made from the page as it is', () => {
    const changes = otherLocaleChanges(
      [
        {
          locale: 'nb',
          page: { name: 'Laget', body: 'Hei alle', layout: 'standard', status: 2, lock_version: 3 },
        },
        { locale: 'ar', page: { body: 'مرحبا', lock_version: 2 } }, // older than the page: left out
        { locale: 'de', page: { status: 3, lock_version: 3 } }, // nothing of its own
      ],
      3,
      localized,
    );
    expect(changes).toEqual({ nb: { name: 'Laget', body: 'Hei alle' } });
  });
});
