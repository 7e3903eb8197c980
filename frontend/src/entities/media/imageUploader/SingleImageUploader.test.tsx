import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http';
import { ToastProvider } from '../../../ui/toast';
import { SingleImageUploader } from './SingleImageUploader';

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

function setup(upload: (data: FormData) => Promise<unknown>) {
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
    const upload = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const { pick, onChange } = setup(upload);
    pick(png());
    expect(screen.getByText('Uploading...')).toBeInTheDocument();
    const sent = upload.mock.calls[0] as unknown as [FormData];
    expect(sent[0].get('image[alternative][nb]')).toBe('');
    answer(image);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(image));
    expect(screen.queryByText('Uploading...')).not.toBeInTheDocument();
  });

  it.each([
    ['a 422 answer', () => Promise.reject(new HttpError(422, { status: 'error', error: 'Bad' }))],
    ['an error body', () => Promise.resolve({ status: 'error', error: 'Bad' })],
  ])('toasts the error of %s and removes the placeholder', async (_, upload) => {
    const { pick, onChange } = setup(upload);
    pick(png());
    expect(
      await screen.findByText('Error uploading image: “\u2068share.png\u2069”: Bad'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Uploading...')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose image')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads the first dropped file', async () => {
    const upload = vi.fn(() => Promise.resolve(image));
    const { onChange } = setup(upload);
    const zone = screen.getByLabelText('Choose image').closest('.image-uploader');
    if (!zone) throw new Error('no drop zone');
    fireEvent.drop(zone, { dataTransfer: { files: [png()], types: ['Files'] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(image));
  });
});
