import { describe, expect, it } from 'vitest';
import type { Page } from '../../api/types';
import {
  NEW_PAGE_LABEL,
  ancestorMissingSegment,
  blockDefinition,
  blockValue,
  changeStatus,
  changeTemplate,
  datesOf,
  draftFromPage,
  findTemplate,
  isDirty,
  pageTitle,
  publishesLater,
  selectOptions,
  unconfiguredBlocks,
  withDates,
} from './model';
import { block, page, templates } from './test/fixtures';

const now = new Date(2026, 4, 3, 10, 23);
const [pageTemplate, eventTemplate] = templates as [(typeof templates)[0], (typeof templates)[0]];

describe('select options', () => {
  const options = [
    { label: 'News', value: 'news' },
    { label: 'Opinion', value: 'opinion' },
  ];
  it.each([
    ['a listed value keeps the list', 'news', options],
    ['a missing value is added', 'legacy', [{ label: 'legacy', value: 'legacy' }, ...options]],
    ['an empty value gets an empty choice', '', [{ label: '—', value: '' }, ...options]],
  ])('%s', (_, value, expected) => {
    expect(selectOptions({ options }, value)).toEqual(expected);
  });
});

describe('path segment ancestor rule', () => {
  type Ancestor = Page['ancestors'][number];
  const [home, about, staff]: [Ancestor, Ancestor, Ancestor] = [
    { id: 1, name: { en: 'Home' }, path_segment: { en: 'home', nb: 'hjem' } },
    { id: 2, name: { en: 'About' }, path_segment: { en: 'about' } },
    { id: 3, name: { en: 'Staff' }, path_segment: {} },
  ];
  it.each([
    ['every ancestor has one', 'en', [home, about], undefined],
    ['the first one lacking it is named', 'nb', [home, about, staff], 2],
    ['a deeper one lacking it is named', 'en', [home, about, staff], 3],
    ['a top-level page has no ancestors', 'nb', [], undefined],
  ])('%s', (_, locale, list, expectedId) => {
    expect(ancestorMissingSegment(list, locale)?.id).toBe(expectedId);
  });
});

describe('drafts', () => {
  it('takes the current locale of localized blocks and the single value of shared ones', () => {
    const draft = draftFromPage(page(), 'nb', templates);
    expect(draft.blocks).toEqual({ name: 'Laget', headline: '', body: 'Hei', layout: 'wide' });
    expect(blockValue(page().blocks, 'layout', 'nb')).toBe('wide');
    expect(draft.tags).toEqual({ known: ['Events', 'Library'], enabled: ['Library'] });
    expect(draft.published_at).toBe('2026-01-01T10:00:00.000Z');
  });

  it('makes up no dates for a dated template when the page has none (issue 28, item 2)', () => {
    const draft = draftFromPage(page({ template: 'event' }), 'en', templates);
    expect([draft.starts_at, draft.ends_at, draft.all_day]).toEqual([null, null, false]);
    expect(datesOf(draft)).toBeNull();
  });

  it('keeps typed values when the template changes, and makes up no dates', () => {
    const draft = draftFromPage(page(), 'en', templates);
    const typed = { ...draft, blocks: { ...draft.blocks, headline: 'Typed' } };
    const event = changeTemplate(typed, eventTemplate);
    expect(event.template).toBe('event');
    expect(event.blocks.headline).toBe('Typed');
    expect(event.starts_at).toBeNull();
    expect(changeTemplate(event, pageTemplate).blocks.headline).toBe('Typed');
  });

  it('sets a range and clears it, all day with it', () => {
    const draft = draftFromPage(page({ template: 'event' }), 'en', templates);
    const range = {
      startsAt: new Date('2026-05-03T09:00:00Z'),
      endsAt: new Date('2026-05-03T10:00:00Z'),
      allDay: true,
    };
    const dated = withDates(draft, range);
    expect([dated.starts_at, dated.ends_at, dated.all_day]).toEqual([
      '2026-05-03T09:00:00.000Z',
      '2026-05-03T10:00:00.000Z',
      true,
    ]);
    expect(datesOf(dated)).toEqual(range);
    const cleared = withDates(dated, null);
    expect([cleared.starts_at, cleared.ends_at, cleared.all_day]).toEqual([null, null, false]);
  });

  it('shows a range with one end stored at that end on both sides', () => {
    const start = '2026-05-03T09:00:00.000Z';
    expect(datesOf({ starts_at: start, ends_at: null, all_day: false })).toEqual({
      startsAt: new Date(start),
      endsAt: new Date(start),
      allDay: false,
    });
  });

  it.each([
    ['an unknown template falls back to the first', 'gone', 'page'],
    ['a known one is found', 'event', 'event'],
  ])('%s', (_, name, expected) => {
    expect(findTemplate(templates, name).template_name).toBe(expected);
  });

  it('is dirty only when a value really changed', () => {
    const saved = draftFromPage(page(), 'en', templates);
    expect(isDirty(saved, { ...saved })).toBe(false);
    expect(isDirty(saved, { ...saved, blocks: { ...saved.blocks, extra: '' } })).toBe(false);
    expect(isDirty(saved, { ...saved, blocks: { ...saved.blocks, headline: 'x' } })).toBe(true);
    expect(isDirty(saved, { ...saved, pinned: true })).toBe(true);
  });
});

describe('unconfigured content', () => {
  it('lists blocks with text outside the template, from the saved page or the draft', () => {
    const blocks = unconfiguredBlocks(
      pageTemplate,
      templates,
      { name: 'A', location: 'Main hall', sidebar: '' },
      { name: 'A', location: '', old_field: 'kept' },
    );
    expect(blocks.map((b) => b.name)).toEqual(['location', 'old_field']);
    expect(blocks[0]?.title).toBe('Location');
    expect(blocks[1]).toMatchObject({ title: 'Old field', type: 'text', size: 'other' });
  });

  it('is empty when everything fits the template', () => {
    expect(unconfiguredBlocks(pageTemplate, templates, { name: 'A', body: 'B' })).toEqual([]);
  });

  it('finds a block definition in any template', () => {
    expect(blockDefinition(templates, 'location')).toEqual(block('location'));
  });
});

describe('status and title', () => {
  it.each([
    ['a future date on a published page', 2, '2026-06-01T00:00:00Z', true],
    ['a past date', 2, '2026-01-01T00:00:00Z', false],
    ['a future date on a draft', 0, '2026-06-01T00:00:00Z', false],
    ['no date', 2, null, false],
  ] as const)('%s publishes later: %s', (_, status, publishedAt, expected) => {
    expect(publishesLater({ status, published_at: publishedAt }, now)).toBe(expected);
  });

  it('dates a page set to Published that has no date', () => {
    const draft = { ...draftFromPage(page(), 'en', templates), published_at: null };
    expect(changeStatus(draft, 2, now).published_at).toBe(now.toISOString());
    expect(changeStatus(draft, 3, now).published_at).toBeNull();
  });

  it.each([
    [null, 'Whatever', NEW_PAGE_LABEL],
    [5, 'Team', 'Team'],
    [5, '  ', 'Untitled'],
  ])('page %s named %j is titled %j', (id, name, expected) => {
    expect(pageTitle(id, name)).toBe(expected);
  });
});
