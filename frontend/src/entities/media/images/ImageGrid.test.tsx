import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../ui/toast';
import { ImageGrid } from './ImageGrid';
import type { ImageApi, UploadResult } from './api';
import { EMPTY_GRID, gridFromLinks, makePrimary, moveItem, removeItem } from './grid';
import type { ImageGridState } from './grid';
import { imageRecord } from './test/fixtures';
import { useImageUploads } from './useImageUploads';

interface Pending {
  file: File;
  progress: (fraction: number) => void;
  finish: (result: UploadResult) => void;
}

function fakeApi() {
  const pending: Pending[] = [];
  const api: ImageApi = {
    upload: (file, _alternative, progress) =>
      new Promise((finish) => pending.push({ file, progress, finish })),
    update: vi.fn(),
  };
  return { api, pending };
}

function Harness({ initial, api }: { initial: ImageGridState; api: ImageApi }) {
  const [state, setState] = useState(initial);
  const upload = useImageUploads(setState, api, ['en', 'nb']);
  return (
    <>
      <ImageGrid
        state={state}
        locale="nb"
        onFiles={upload}
        onEdit={() => undefined}
        onRemove={(key) => setState((s) => removeItem(s, key))}
        onMakePrimary={(key) => setState((s) => makePrimary(s, key))}
        onMove={(a, b) => setState((s) => moveItem(s, a, b))}
      />
      <output data-testid="destroyed">{state.destroyed.join(',')}</output>
    </>
  );
}

const png = (name: string) => new File(['x'], name, { type: 'image/png' });
const saved = gridFromLinks([
  {
    id: 11,
    image_id: 1,
    primary: true,
    position: 1,
    image: imageRecord(1, { alternative: { nb: 'Eple' } }),
  },
  { id: 12, image_id: 2, primary: false, position: 2, image: imageRecord(2) },
  { id: 13, image_id: 3, primary: false, position: 3, image: imageRecord(3) },
]);

function setup(initial: ImageGridState = saved) {
  const fake = fakeApi();
  render(
    <ToastProvider>
      <Harness initial={initial} api={fake.api} />
    </ToastProvider>,
  );
  return fake;
}

const names = (section: string) =>
  within(screen.getByRole('region', { name: new RegExp(section) }))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.image-card__name')?.textContent);

function drop(target: HTMLElement, files: File[]) {
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

describe('ImageGrid', () => {
  it('shows thumbnails 250 px wide, as tall as the crop says', () => {
    setup(
      gridFromLinks([
        {
          id: 1,
          image_id: 5,
          primary: true,
          position: 1,
          image: imageRecord(5, {
            crop_start_x: 0,
            crop_start_y: 0,
            crop_width: 1600,
            crop_height: 900,
          }),
        },
      ]),
    );
    const img = screen.getByRole('button', { name: /Edit image/ }).querySelector('img');
    expect(img).toHaveAttribute('width', '250');
    expect(img).toHaveAttribute('height', '141');
  });

  it('warns about images without alternative text in the content locale', () => {
    setup();
    expect(screen.getAllByRole('img', { name: 'Alternative text is missing' })).toHaveLength(2);
    const main = screen.getByRole('region', { name: 'Main image' });
    expect(within(main).queryByRole('img', { name: 'Alternative text is missing' })).toBeNull();
  });

  it('makes the first file dropped on the main image primary, prepends the rest and drops other types', async () => {
    const { pending } = setup();
    drop(
      screen.getByRole('region', { name: 'Main image' }).querySelector('.drop-zone') as HTMLElement,
      [
        png('new-a.png'),
        new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
        png('new-b.png'),
      ],
    );
    expect(pending.map((item) => item.file.name)).toEqual(['new-a.png', 'new-b.png']);
    expect(screen.getAllByText('Uploading...')).toHaveLength(2);
    expect(names('Main image')).toEqual(['new-a.png']);
    expect(names('Other images')).toEqual([
      'new-b.png',
      'photo-1.jpg',
      'photo-2.jpg',
      'photo-3.jpg',
    ]);

    act(() => pending[0]?.progress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading new-a.png' })).toHaveAttribute(
      'value',
      '0.4',
    );

    await act(async () =>
      pending[0]?.finish({ kind: 'uploaded', image: imageRecord(9, { filename: 'new-a.png' }) }),
    );
    expect(screen.getAllByText('Uploading...')).toHaveLength(1);
    expect(
      within(screen.getByRole('region', { name: 'Main image' })).getByRole('button', {
        name: /Edit image/,
      }),
    ).toBeVisible();

    await act(async () =>
      pending[1]?.finish({ kind: 'error', error: 'The file is not an image.' }),
    );
    expect(screen.queryByText('Uploading...')).toBeNull();
    expect(names('Other images')).toEqual(['photo-1.jpg', 'photo-2.jpg', 'photo-3.jpg']);
    // The spec's words, naming the file that was refused.
    expect(
      screen.getByText('Error uploading image: “\u2068new-b.png\u2069”: The file is not an image.'),
    ).toBeVisible();
  });

  it('prepends files picked for the other images', async () => {
    const { pending } = setup();
    const input = within(screen.getByRole('region', { name: /Other images/ })).getByLabelText(
      'Add images',
    );
    await userEvent.upload(input, [png('one.png'), png('two.png')]);
    expect(pending).toHaveLength(2);
    expect(names('Other images').slice(0, 2)).toEqual(['one.png', 'two.png']);
  });

  it('records removed saved images for deletion and makes another image primary', async () => {
    setup();
    const others = screen.getByRole('region', { name: /Other images/ });
    await userEvent.click(
      within(others).getAllByRole('button', { name: 'Remove' })[0] as HTMLElement,
    );
    expect(screen.getByTestId('destroyed')).toHaveTextContent('12');
    await userEvent.click(within(others).getByRole('button', { name: 'Make primary' }));
    expect(names('Main image')).toEqual(['photo-3.jpg']);
    expect(names('Other images')).toEqual(['photo-1.jpg']);
  });

  it('offers keyboard sorting on each handle', () => {
    setup();
    const handle = screen.getByRole('button', { name: 'Move photo-2.jpg' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    expect(screen.getAllByRole('button', { name: /^Move / })).toHaveLength(2);
  });

  it('starts empty with a prompt to drop images', () => {
    setup(EMPTY_GRID);
    expect(screen.getByText(/the first becomes the main image/)).toBeVisible();
    expect(screen.getByText('No other images yet.')).toBeVisible();
  });
});
