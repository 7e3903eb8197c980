import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http';
import type * as Http from '../../../lib/http';
import { ToastProvider } from '../../../ui/toast';
import type { ImageApi } from '../images/api';
import { imageRecord } from '../images/test/fixtures';
import { SingleImageUploader } from './SingleImageUploader';

const http = vi.hoisted(() => ({ postMultipart: vi.fn() }));
vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof Http>()),
  postMultipart: http.postMultipart,
}));
afterEach(() => http.postMultipart.mockReset());

const image = {
  id: 7,
  filename: 'share.png',
  content_type: 'image/png',
  real_width: 1200,
  real_height: 630,
  thumbnail_url: '/media/share-thumb.png',
  original_url: '/media/share.png',
  uncropped_url: '/media/share.png',
  alternative: { en: '' },
  caption: {},
};

function setup(upload?: ImageApi['upload']) {
  const onChange = vi.fn();
  const alert = vi.fn();
  render(
    <ToastProvider>
      <SingleImageUploader
        label="Choose image"
        alternative={{ en: '', nb: '' }}
        onChange={onChange}
        upload={upload}
        alert={alert}
      />
    </ToastProvider>,
  );
  const pick = (file: File) =>
    fireEvent.change(screen.getByLabelText('Choose image'), { target: { files: [file] } });
  return { onChange, alert, pick };
}

const png = () => new File(['x'], 'share.png', { type: 'image/png' });

describe('SingleImageUploader', () => {
  it('refuses other file types with an alert and uploads nothing', () => {
    const upload = vi.fn();
    const { alert, pick, onChange } = setup(upload);
    pick(new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(alert).toHaveBeenCalledWith(
      'Invalid file type, only images in JPEG, PNG or GIF formats are supported',
    );
    expect(upload).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows Uploading... until the image comes back, then hands it over', async () => {
    let answer: (value: unknown) => void = () => undefined;
    http.postMultipart.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const { pick, onChange } = setup();
    pick(png());
    expect(screen.getByText('Uploading...')).toBeInTheDocument();
    const [url, sent] = http.postMultipart.mock.calls[0] as [string, FormData];
    expect(url).toBe('/admin/images.json');
    expect(sent.get('image[alternative][nb]')).toBe('');
    answer(image);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(image));
    expect(screen.queryByText('Uploading...')).not.toBeInTheDocument();
  });

  // The image grid's upload call, so its errors read as the grid's do.
  it.each([
    ['a 422 answer', () => Promise.reject(new HttpError(422, { status: 'error', error: 'Bad' }))],
    ['an error body', () => Promise.resolve({ status: 'error', error: 'Bad' })],
    ['a refusal', () => Promise.reject(new HttpError(403, { detail: 'Bad' }))],
  ])('toasts the error of %s and removes the placeholder', async (_, answer) => {
    http.postMultipart.mockImplementationOnce(answer);
    const { pick, onChange } = setup();
    pick(png());
    expect(
      await screen.findByText('Error uploading image: “\u2068share.png\u2069”: Bad'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Uploading...')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose image')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads the first dropped file', async () => {
    const record = imageRecord(7);
    const upload = vi.fn<ImageApi['upload']>(() =>
      Promise.resolve({ kind: 'uploaded', image: record }),
    );
    const { onChange } = setup(upload);
    const zone = screen.getByLabelText('Choose image').closest('.image-uploader');
    if (!zone) throw new Error('no drop zone');
    fireEvent.drop(zone, { dataTransfer: { files: [png()], types: ['Files'] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(record));
    expect(upload).toHaveBeenCalledWith(png(), { en: '', nb: '' }, expect.any(Function));
  });
});
