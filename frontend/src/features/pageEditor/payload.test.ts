import { describe, expect, expectTypeOf, it } from 'vitest';
import type { components } from '../../api/generated/schema';
import type { Page } from '../../api/types';
import { draftFromPage } from './model';
import { buildPayload, payloadBlockNames } from './payload';
import type { PageFields, PagePayload } from './payload';
import { removeItem } from '../../entities/media/images/grid';
import type { PageImageLink } from '../../entities/media/images/grid';
import { imageRecord } from '../../entities/media/images/test/fixtures';
import { page, templates } from './test/fixtures';
import type { Draft } from './types';

const [pageTemplate, eventTemplate] = templates as [(typeof templates)[0], (typeof templates)[0]];

type PageFieldsIn = components['schemas']['PageFieldsIn'];

describe('payload', () => {
  it('is typed from the generated PageFieldsIn', () => {
    type FileLink = PagePayload['page']['page_files_attributes'][number];
    type FileLinkIn = components['schemas']['PageFileLinkIn'];
    expectTypeOf<FileLink['attachment_id']>().toEqualTypeOf<FileLinkIn['attachment_id']>();
    expectTypeOf<PageFields['status']>().toEqualTypeOf<NonNullable<PageFieldsIn['status']>>();
    expectTypeOf<PageFields['parent_page_id']>().toEqualTypeOf<number | false | null>();
    expectTypeOf<PageFields['serialized_tags']>().toEqualTypeOf<string | null>();
  });

  it('edits a draft whose fields are typed by the generated PageOut', () => {
    expectTypeOf<Draft['status']>().toEqualTypeOf<Page['status']>();
    expectTypeOf<Draft['published_at']>().toEqualTypeOf<Page['published_at']>();
    expectTypeOf<Draft['parent_page_id']>().toEqualTypeOf<Page['parent_page_id']>();
    expectTypeOf<Draft['meta_image_id']>().toEqualTypeOf<PageFields['meta_image_id']>();
  });

  it('sends every field, and the current locale value of each block as a plain string', () => {
    const draft = draftFromPage(page(), 'nb', templates);
    const { page: fields } = buildPayload(draft, {
      template: pageTemplate,
      unconfigured: [],
      isNew: false,
    });
    expect(fields).toEqual({
      all_day: false,
      starts_at: null,
      ends_at: null,
      status: 0,
      published_at: '2026-01-01T10:00:00.000Z',
      pinned: false,
      template: 'page',
      unique_name: '',
      feed_enabled: false,
      news_page: false,
      user_id: 1,
      redirect_to: '',
      serialized_tags: '["Library"]',
      path_segment: 'team',
      meta_image_id: null,
      parent_page_id: 2,
      skip_index: false,
      page_images_attributes: [],
      page_files_attributes: [],
      lock_version: 3,
      _method: 'put',
      name: 'Laget',
      headline: '',
      intro: '',
      body: 'Hei',
      layout: 'wide',
      meta_title: '',
    });
  });

  it('sends the image links, primary first, with removals, and the file links as saved', () => {
    const links: PageImageLink[] = [
      { id: 31, image_id: 3, primary: false, position: 1, image: imageRecord(3) },
      { id: 32, image_id: 4, primary: true, position: 2, image: imageRecord(4) },
      { id: 33, image_id: 5, primary: false, position: 3, image: imageRecord(5) },
    ];
    const draft = draftFromPage(
      page({
        page_images: links,
        page_files: [
          {
            id: 7,
            attachment_id: 9,
            position: 1,
            attachment: {
              id: 9,
              filename: 'a.pdf',
              content_type: 'application/pdf',
              byte_size: 1024,
              name: {},
              description: {},
              url: '/files/9/a.pdf',
            },
          },
        ],
      }),
      'en',
      templates,
    );
    const { page: fields } = buildPayload(
      { ...draft, images: removeItem(draft.images, 'link-33') },
      { template: pageTemplate, unconfigured: [], isNew: false },
    );
    expect(fields.page_images_attributes).toEqual([
      { id: 32, image_id: 4, primary: true, position: 1 },
      { id: 31, image_id: 3, primary: false, position: 2 },
      { id: 33, _destroy: true },
    ]);
    expect(fields.page_files_attributes).toEqual([{ id: 7, attachment_id: 9, position: 1 }]);
  });

  it.each([
    [
      'dates on',
      true,
      { all_day: true, starts_at: '2026-05-03T09:00:00.000Z', ends_at: '2026-05-03T10:00:00.000Z' },
    ],
    ['dates off', false, { all_day: false, starts_at: null, ends_at: null }],
  ])('with %s the range is %j', (_, dates, expected) => {
    const draft = {
      ...draftFromPage(page(), 'en', templates),
      all_day: true,
      starts_at: '2026-05-03T09:00:00.000Z',
      ends_at: '2026-05-03T10:00:00.000Z',
    };
    const template = { ...eventTemplate, dates };
    const { page: fields } = buildPayload(draft, { template, unconfigured: [], isNew: false });
    expect({
      all_day: fields.all_day,
      starts_at: fields.starts_at,
      ends_at: fields.ends_at,
    }).toEqual(expected);
  });

  it('sends no made-up range for a dated page that has none (issue 28, item 2)', () => {
    const draft = draftFromPage(page({ template: 'event' }), 'en', templates);
    const { page: fields } = buildPayload(draft, {
      template: eventTemplate,
      unconfigured: [],
      isNew: false,
    });
    expect([fields.starts_at, fields.ends_at, fields.all_day]).toEqual([null, null, false]);
  });

  it('includes unconfigured blocks, and no _method for a new page', () => {
    const draft = draftFromPage(page({ id: null }), 'en', templates);
    const { page: fields } = buildPayload(draft, {
      template: eventTemplate,
      unconfigured: ['headline', 'body'],
      isNew: true,
    });
    expect(fields._method).toBeUndefined();
    expect(fields.parent_page_id).toBe(2);
    expect(fields.headline).toBe('Our team');
    expect(fields.body).toBe('Hello');
    expect(fields.layout).toBeUndefined();
  });

  it('sends the parent of an existing page too (spec §3 "Saved page payload")', () => {
    const draft = draftFromPage(page({ parent_page_id: 7 }), 'en', templates);
    const { page: fields } = buildPayload(draft, {
      template: pageTemplate,
      unconfigured: [],
      isNew: false,
    });
    expect(fields.parent_page_id).toBe(7);
    const top = draftFromPage(page({ parent_page_id: null }), 'en', templates);
    const options = { template: pageTemplate, unconfigured: [], isNew: false };
    expect(buildPayload(top, options).page).toHaveProperty('parent_page_id', null);
  });

  it('sends the chosen social sharing image, and null once removed', () => {
    const draft = draftFromPage(page(), 'en', templates);
    const options = { template: pageTemplate, unconfigured: [], isNew: false };
    expect(buildPayload({ ...draft, meta_image_id: 42 }, options).page.meta_image_id).toBe(42);
    expect(buildPayload({ ...draft, meta_image_id: null }, options).page.meta_image_id).toBeNull();
  });

  it('lists the name, content, metadata and unconfigured blocks once each', () => {
    expect(payloadBlockNames(eventTemplate, ['body', 'name'])).toEqual([
      'name',
      'intro',
      'location',
      'meta_title',
      'body',
    ]);
  });
});
