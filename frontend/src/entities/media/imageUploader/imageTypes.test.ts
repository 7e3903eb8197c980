import { describe, expect, it } from 'vitest';
import { imageFormData, isAcceptedImage, uploadErrorMessage, uploadOutcome } from './imageTypes';

describe('image types', () => {
  it.each([
    ['image/gif', true],
    ['image/jpeg', true],
    ['image/pjpeg', true],
    ['image/png', true],
    ['image/tiff', true],
    ['IMAGE/PNG', true],
    ['image/webp', false],
    ['image/svg+xml', false],
    ['application/pdf', false],
    ['', false],
  ])('%j accepted: %s', (type, expected) => {
    expect(isAcceptedImage({ type })).toBe(expected);
  });

  it('sends the file and an alternative text for each locale', () => {
    const file = new File(['x'], 'share.png', { type: 'image/png' });
    const data = imageFormData(file, { en: 'Sunset', nb: '' });
    expect(data.get('image[file]')).toBeInstanceOf(File);
    expect(data.get('image[alternative][en]')).toBe('Sunset');
    expect(data.get('image[alternative][nb]')).toBe('');
  });

  it.each([
    [
      { status: 'error', error: 'Too big' },
      { kind: 'error', error: 'Too big' },
    ],
    [{ status: 'error' }, { kind: 'error', error: 'Unknown error' }],
    [
      { id: 3, filename: 'a.png' },
      { kind: 'uploaded', image: { id: 3, filename: 'a.png' } },
    ],
    [null, { kind: 'error', error: 'The server gave an unexpected answer' }],
  ])('classifies %j', (body, expected) => {
    expect(uploadOutcome(body)).toEqual(expected);
  });

  it('words the error toast as the catalogue says', () => {
    expect(uploadErrorMessage('Too big')).toBe('Error uploading image: Too big');
    expect(uploadErrorMessage('Too big', 'harbour.tiff')).toBe(
      'Error uploading image: “\u2068harbour.tiff\u2069”: Too big',
    );
  });
});
