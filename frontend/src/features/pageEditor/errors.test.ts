import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http';
import { saveFailure } from './api';
import { errorItems } from './fields';
import { block, page, templates } from './test/fixtures';
import { draftFromPage } from './model';
import {
  SAVED_MESSAGE,
  SAVE_FAILED_MESSAGE,
  VALIDATION_MESSAGE,
  errorsAfterEdit,
  fieldErrors,
} from './errors';

describe('error mapping', () => {
  it.each([
    [[], {}],
    [[['path_segment', 'bad']], { path_segment: 'bad' }],
    [
      [
        ['path_segment', 'first'],
        ['name', 'empty'],
        ['path_segment', 'last'],
      ],
      { path_segment: 'last', name: 'empty' },
    ],
  ] as [[string, string][], Record<string, string>][])('%j shows %j', (errors, expected) => {
    expect(fieldErrors(errors)).toEqual(expected);
  });
});

describe('messages after an edit', () => {
  const before = draftFromPage(page(), 'en', templates);
  const errors = {
    name: 'empty',
    ends_at: 'can’t be before the start',
    serialized_tags: 'too many',
    path_segment: 'taken',
    base: 'something',
  };
  it.each([
    ['a block', { ...before, blocks: { ...before.blocks, name: 'Team!' } }, ['name']],
    [
      'the start (the range is one rule)',
      { ...before, starts_at: '2026-05-01T10:00:00Z' },
      ['ends_at'],
    ],
    ['the tags', { ...before, tags: { ...before.tags, enabled: [] } }, ['serialized_tags']],
    ['the segment', { ...before, path_segment: 'team-2' }, ['path_segment']],
    ['nothing', { ...before }, []],
  ])('editing %s takes its message away, and no other', (_, after, gone) => {
    const left = errorsAfterEdit(errors, before, after);
    expect(Object.keys(left).sort()).toEqual(
      Object.keys(errors)
        .filter((attribute) => !gone.includes(attribute))
        .sort(),
    );
  });
});

describe('save outcomes', () => {
  it.each([
    [
      new HttpError(422, { detail: 'x', errors: [['name', 'bad']] }),
      { kind: 'invalid', errors: [['name', 'bad']] },
    ],
    [
      new HttpError(409, {
        detail: 'Someone else changed this page after you opened it.',
        lock_version: 7,
      }),
      {
        kind: 'conflict',
        detail: 'Someone else changed this page after you opened it.',
        lockVersion: 7,
      },
    ],
    [
      new HttpError(422, { detail: 'no pairs' }),
      { kind: 'failed', failure: { kind: 'refused', status: 422, detail: 'no pairs' } },
    ],
    [
      new HttpError(500, null, undefined, 'req-7'),
      { kind: 'failed', failure: { kind: 'server', requestId: 'req-7' } },
    ],
    [
      new HttpError(403, { detail: 'Forbidden' }),
      { kind: 'failed', failure: { kind: 'refused', status: 403, detail: 'Forbidden' } },
    ],
    [new HttpError(401, null), { kind: 'failed', failure: { kind: 'session' } }],
    [new TypeError('Failed to fetch'), { kind: 'failed', failure: { kind: 'network' } }],
  ])('%s becomes %j', async (error, expected) => {
    await expect(saveFailure(error, () => Promise.resolve(true))).resolves.toEqual(expected);
  });
});

describe('toast texts', () => {
  it('are word for word the specification', () => {
    expect(SAVED_MESSAGE).toBe('Your changes were saved');
    expect(VALIDATION_MESSAGE).toBe('A validation error prevented the page from being saved.');
    expect(SAVE_FAILED_MESSAGE).toBe('An error occured while saving your changes.');
  });
});

describe('where an error is shown', () => {
  const [pageTemplate] = templates as [(typeof templates)[0]];
  it.each([
    ['path_segment', 'Path segment', 'metadata', 'path_segment'],
    ['meta_image_id', 'Social sharing image', 'metadata', 'social-image'],
    ['starts_at', 'Starts', 'content', 'dates-starts'],
    ['ends_at', 'Ends', 'content', 'dates-ends'],
    ['all_day', 'All day', 'content', 'dates-all-day'],
    ['serialized_tags', 'Tags', 'content', 'tags'],
    ['headline', 'Headline', 'content', 'block-headline'],
    ['meta_title', 'Title for search engines', 'metadata', 'block-meta_title'],
    ['location', 'Location', 'unconfigured-content', 'block-location'],
    ['status', 'Status', null, 'status'],
    ['published_at', 'Publish date', null, 'published_at'],
    ['template', 'Template', null, 'template'],
    ['user_id', 'Author', null, 'user_id'],
    ['unique_name', 'Unique name', null, 'unique_name'],
    ['redirect_to', 'Redirect to', null, 'redirect_to'],
    ['pinned', 'Pinned', null, 'flag-pinned'],
    ['skip_index', 'Hide from search engines', null, 'flag-skip_index'],
    ['page_images_attributes', 'Images', 'images', 'images-tab'],
    ['page_files_attributes', 'Files', 'files', 'files-heading'],
    ['parent_page_id', 'Parent page', null, null],
    ['mystery', 'mystery', null, null],
  ])('%s is %j on tab %s, in the element %s', (attribute, label, tab, field) => {
    const [item] = errorItems({ [attribute]: 'bad' }, pageTemplate, [block('location')]);
    expect(item).toEqual({ attribute, label, message: 'bad', tab, field });
  });
});
