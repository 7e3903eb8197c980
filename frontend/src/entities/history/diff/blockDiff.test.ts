import { describe, expect, it } from 'vitest';
import type { ComparedBlockOut } from '../../../api/types';
import { groupBlocks } from './blockDiff';

describe('groupBlocks', () => {
  const block = (name: string, locale: string | null, from: string, to: string) =>
    ({
      name,
      title: name.toUpperCase(),
      locale,
      from,
      to,
      changed: from !== to,
    }) satisfies ComparedBlockOut;

  it('groups the locales of a block together, in the order the call gave them', () => {
    const groups = groupBlocks([
      block('name', 'en', 'Team', 'Our team'),
      block('name', 'ar', 'الفريق', 'فريقنا'),
      block('body', 'en', 'Hello', 'Hello'),
      block('layout', null, 'wide', 'narrow'),
    ]);
    expect(groups.map((group) => [group.name, group.locales.map((part) => part.locale)])).toEqual([
      ['name', ['en', 'ar']],
      ['body', ['en']],
      ['layout', [null]],
    ]);
    expect(groups[0]?.title).toBe('NAME');
    expect(groups[1]?.locales[0]?.changed).toBe(false);
    expect(groups[0]?.locales[0]?.rows[0]?.changed).toBe(true);
  });

  it('diffs a page of 50 blocks of 2 KB, each changed by a few words, in well under 100 ms', () => {
    const text = (block: number) =>
      Array.from({ length: 100 }, (_, word) => `word${(word * block) % 89} **b** [l](/p${word})`)
        .join(' ')
        .slice(0, 2048);
    const blocks = Array.from({ length: 50 }, (_, index) => {
      const from = text(index + 1);
      return block(
        `block${index}`,
        'en',
        from,
        from.replace('word1 ', 'changed ').replace('/p3)', '/q3)'),
      );
    });
    groupBlocks(blocks); // warm up
    const runs = Array.from({ length: 3 }, () => {
      const started = performance.now();
      groupBlocks(blocks);
      return performance.now() - started;
    });
    // The fastest of three: other test files share the machine.
    expect(Math.min(...runs)).toBeLessThan(100);
  });

  it('says which side was empty', () => {
    const [group] = groupBlocks([block('intro', 'en', '', 'New intro')]);
    expect(group?.locales[0]).toMatchObject({ fromEmpty: true, toEmpty: false });
  });
});
