// Image records shaped like the server's answers.
import { NO_CROP } from '../crop';
import type { ImageRecord } from '../image';

export function imageRecord(id: number, overrides: Partial<ImageRecord> = {}): ImageRecord {
  return {
    id,
    filename: `photo-${id}.jpg`,
    content_type: 'image/jpeg',
    real_width: 2000,
    real_height: 1000,
    thumbnail_url: `/media/images/${id}-250.jpg`,
    original_url: `/media/images/${id}.jpg`,
    uncropped_url: `/media/images/${id}-uncropped.jpg`,
    ...NO_CROP,
    alternative: { en: `Alt ${id}`, nb: '' },
    caption: {},
    ...overrides,
  };
}

/** Make jsdom's <dialog> open and close like a browser's (jsdom has no showModal). */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
