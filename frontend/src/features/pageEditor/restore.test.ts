import { describe, expect, it } from 'vitest';
import { fileLink, attachmentRecord } from '../../entities/media/attachments/test/fixtures';
import { removeItem as removeFile } from '../../entities/media/attachments/list';
import { makePrimary, removeItem } from '../../entities/media/images/grid';
import type { PageImageLink } from '../../entities/media/images/grid';
import { imageRecord } from '../../entities/media/images/test/fixtures';
import { draftFromPage } from './model';
import { buildPayload } from './payload';
import { draftFromPayload, unknownMedia } from './restore';
import type { MediaRecords } from './restore';
import { page, templates } from './test/fixtures';
import type { Draft } from './types';

const [pageTemplate] = templates as [(typeof templates)[0]];
const none: MediaRecords = { images: new Map(), attachments: new Map() };
const links: PageImageLink[] = [
  { id: 31, image_id: 3, primary: true, position: 1, image: imageRecord(3) },
  { id: 32, image_id: 4, primary: false, position: 2, image: imageRecord(4) },
];
const stored = () =>
  draftFromPage(
    page({ page_images: links, page_files: [fileLink(7, 9, 1), fileLink(8, 10, 2)] }),
    'en',
    templates,
  );
const payloadOf = (draft: Draft) =>
  buildPayload(draft, { template: pageTemplate, unconfigured: [], isNew: false }).page;

describe('a payload put back into the form', () => {
  it('gives back the draft it was built from', () => {
    const edited: Draft = {
      ...stored(),
      blocks: { ...stored().blocks, name: 'Teamet', body: 'Hello **all**' },
      status: 2,
      pinned: true,
      path_segment: 'teamet',
      user_id: 2,
      tags: { known: ['Events', 'Library'], enabled: ['Events'] },
      images: removeItem(makePrimary(stored().images, 'link-32'), 'link-31'),
      files: removeFile(stored().files, 'link-7'),
      lock_version: 2,
    };
    const { draft, missing } = draftFromPayload(payloadOf(edited), stored(), none);
    expect(missing).toBe(0);
    expect(payloadOf(draft)).toEqual(payloadOf(edited));
    expect(draft.blocks.name).toBe('Teamet');
    expect(draft.tags.enabled).toEqual(['Events']);
    expect(draft.lock_version).toBe(2);
  });

  it('finds images and files linked since the last save among the records read', () => {
    const page = {
      page_images_attributes: [
        { image_id: 40, primary: false, position: 2 },
        { id: 31, image_id: 3, primary: true, position: 1 },
        { image_id: 41, primary: false, position: 3 },
      ],
      page_files_attributes: [{ attachment_id: 50, position: 1 }],
      meta_image_id: 40,
    };
    expect(unknownMedia(page, stored())).toEqual({ images: [40, 41], attachments: [50] });
    const media: MediaRecords = {
      images: new Map([[40, imageRecord(40)]]),
      attachments: new Map([[50, attachmentRecord(50)]]),
    };
    const { draft, metaImage, missing } = draftFromPayload(page, stored(), media);
    expect(draft.images.primary).toMatchObject({ linkId: 31, image: { id: 3 } });
    expect(draft.images.others.map((item) => item.kind === 'image' && item.image.id)).toEqual([40]);
    expect(draft.files.items).toMatchObject([{ linkId: null, attachment: { id: 50 } }]);
    expect(draft.meta_image_id).toBe(40);
    expect(metaImage?.id).toBe(40);
    // Image 41 is gone: left out, and counted.
    expect(missing).toBe(1);
  });

  it('leaves out a sharing image that is gone', () => {
    const { draft, missing } = draftFromPayload({ meta_image_id: 99 }, stored(), none);
    expect(draft.meta_image_id).toBeNull();
    expect(missing).toBe(1);
  });

  it('keeps the form’s value for whatever has the wrong type', () => {
    const base = stored();
    const { draft } = draftFromPayload(
      {
        status: 9,
        pinned: 'yes',
        published_at: 'soon',
        serialized_tags: '{',
        page_images_attributes: 'none',
        user_id: 1.5,
        lock_version: null,
        name: 42,
      },
      base,
      none,
    );
    expect(draft).toEqual(base);
  });
});
