import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../api/types';
import { setLanguage, t } from '../../../i18n';
import { ToastProvider } from '../../../ui/toast';
import { ImageMetadataDialog } from './ImageMetadataDialog';
import type { ImageApi } from './api';
import type { ImageRecord } from './image';
import { imageRecord } from './test/fixtures';
import { installDialogPolyfill } from './test/fixtures';

const locales: Locale[] = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'nb', name: 'Norsk bokmål', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
];

beforeAll(installDialogPolyfill);

function setup(update: ImageApi['update'] = vi.fn(), stored: Partial<ImageRecord> = {}) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const image = imageRecord(7, {
    alternative: { en: 'A boat' },
    caption: { nb: 'Båt' },
    ...stored,
  });
  render(
    <ToastProvider>
      <ImageMetadataDialog
        image={image}
        locales={locales}
        api={{ upload: vi.fn(), update }}
        onSaved={onSaved}
        onClose={onClose}
      />
    </ToastProvider>,
  );
  return {
    onSaved,
    onClose,
    dialog: screen.getByRole('dialog', {
      name: t('images.dialog.title', { filename: 'photo-7.jpg' }),
    }),
  };
}

const field = (legend: string, label: string) =>
  within(screen.getByRole('group', { name: legend })).getByLabelText(label);

describe('ImageMetadataDialog', () => {
  it('opens as a modal dialog with texts for every locale; an empty alternative text is marked', () => {
    const { dialog } = setup();
    expect(dialog).toHaveAttribute('open');
    expect(field('English', 'Alternative text')).toHaveValue('A boat');
    expect(field('English', 'Alternative text')).not.toHaveClass('input--warning');
    expect(field('Norsk bokmål', 'Alternative text')).toHaveClass('input--warning');
    expect(field('Norsk bokmål', 'Alternative text')).toHaveAccessibleDescription(
      'Alternative text is missing',
    );
    expect(field('Norsk bokmål', 'Caption')).toHaveValue('Båt');
    expect(field('العربية', 'Alternative text')).toHaveAttribute('dir', 'rtl');
    expect(within(dialog).getAllByText('Alternative text is missing')).toHaveLength(2);
  });

  it('copies the embed code and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setup();
    expect(screen.getByText('[image:7]')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Copy embed code' }));
    expect(writeText).toHaveBeenCalledWith('[image:7]');
    expect(await screen.findByText('Embed code copied to clipboard')).toBeVisible();
  });

  it('says so when the browser refuses the copy (no Clipboard API, copy command refused)', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Copy embed code' }));
    expect(await screen.findByText('The embed code could not be copied.')).toBeVisible();
    expect(screen.queryByText('Embed code copied to clipboard')).toBeNull();
  });

  it('saves texts, crop and focal point with one PUT and closes', async () => {
    const update = vi.fn<ImageApi['update']>((id) =>
      Promise.resolve({ kind: 'saved', image: imageRecord(id) }),
    );
    const { onSaved, onClose } = setup(update);
    await userEvent.type(field('Norsk bokmål', 'Alternative text'), 'En båt');
    await userEvent.click(screen.getByRole('button', { name: '16:9' }));
    await userEvent.click(screen.getByRole('button', { name: 'Focal point' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save image' }));
    expect(update).toHaveBeenCalledWith(7, {
      alternative: { en: 'A boat', nb: 'En båt', ar: '' },
      caption: { en: '', nb: 'Båt', ar: '' },
      // 2000x1000: the largest 16:9 crop is 1778x1000, centred.
      crop_start_x: 111,
      crop_start_y: 0,
      crop_width: 1778,
      crop_height: 1000,
      crop_gravity_x: 1000,
      crop_gravity_y: 500,
    });
    expect(onSaved).toHaveBeenCalledWith(imageRecord(7));
    expect(onClose).toHaveBeenCalled();
    // Saying so, as a notice.
    expect(await screen.findByText('The image was saved.')).toBeVisible();
    expect(document.querySelector('.toast')).toHaveClass('toast--notice');
  });

  it('reopens a stored crop with the preset it matches', () => {
    setup(vi.fn(), { crop_start_x: 111, crop_start_y: 0, crop_width: 1778, crop_height: 1000 });
    expect(screen.getByRole('button', { name: '16:9' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Free' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('sets the focal point where the picture is clicked, but not at the end of a drag', () => {
    setup();
    const frame = document.querySelector('.cropper__frame') as HTMLElement;
    // The picture shown 400x200 at (100, 50).
    frame.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: 100, y: 50, width: 400, height: 200 });
    const picture = document.querySelector('.ReactCrop__crop-selection') as HTMLElement;
    const focal = () => screen.getByRole('button', { name: 'Focal point' });
    expect(focal()).toHaveAttribute('aria-pressed', 'false');
    fireEvent.pointerDown(picture, { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(picture, { clientX: 200, clientY: 100 });
    fireEvent.click(picture, { clientX: 200, clientY: 100 });
    expect(focal()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^Focal point at 25%, 25%/ })).toBeInTheDocument();
    // A drag that ends on the picture moves the crop, not the focal point.
    fireEvent.pointerDown(picture, { clientX: 200, clientY: 100 });
    fireEvent.click(picture, { clientX: 300, clientY: 200 });
    expect(screen.getByRole('button', { name: /^Focal point at 25%, 25%/ })).toBeInTheDocument();
  });

  it('shows a refusal, named by the field’s label, and stays open', async () => {
    const update = vi.fn<ImageApi['update']>(() =>
      Promise.resolve({ kind: 'invalid', errors: [['crop_width', 'must fit inside the image']] }),
    );
    const { onClose } = setup(update);
    await userEvent.click(screen.getByRole('button', { name: 'Save image' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Crop: must fit inside the image');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('names the refused field in the interface language, before the server’s own words', async () => {
    setLanguage('ar');
    try {
      // The server words its message in the interface language too (backend/locale).
      const message = 'يجب أن تقع منطقة القص داخل الصورة (400x300)';
      const update = vi.fn<ImageApi['update']>(() =>
        Promise.resolve({ kind: 'invalid', errors: [['crop_start_x', message]] }),
      );
      setup(update);
      await userEvent.click(screen.getByRole('button', { name: t('images.dialog.save') }));
      expect(await screen.findByRole('alert')).toHaveTextContent(`القص: ${message}`);
    } finally {
      setLanguage('en');
    }
  });

  it('closes by a click on the backdrop (Escape closes the native dialog, which tells the same)', () => {
    const { dialog, onClose } = setup();
    fireEvent.click(dialog, { clientX: 5, clientY: 5 }); // jsdom boxes are 0x0 at 0,0: outside
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps react-image-crop’s pixel nudges out: arrow keys move the crop by 0.2%', () => {
    setup();
    const selection = document.querySelector('.ReactCrop__crop-selection') as HTMLElement;
    fireEvent.click(screen.getByRole('button', { name: '1:1' })); // 50% x 100%, x = 25%
    fireEvent.keyDown(selection, { key: 'ArrowRight' });
    fireEvent.keyDown(selection, { key: 'ArrowRight', shiftKey: true });
    // Moving keeps the size; a 2% step inwards from the east edge, with 1:1 kept, 40 px less.
    expect(screen.getByText(/cropped to 1000 × 1000/)).toBeVisible();
    const handle = document.querySelector('.ReactCrop__drag-handle.ord-e') as HTMLElement;
    fireEvent.keyDown(handle, { key: 'ArrowLeft', shiftKey: true });
    expect(screen.getByText(/cropped to 960 × 960/)).toBeVisible();
  });
});
