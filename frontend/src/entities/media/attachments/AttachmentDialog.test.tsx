import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../api/types';
import { installDialogPolyfill } from '../images/test/fixtures';
import { ToastProvider } from '../../../ui/toast';
import { AttachmentDialog } from './AttachmentDialog';
import type { AttachmentApi } from './api';
import { attachmentRecord } from './test/fixtures';

const locales: Locale[] = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'nb', name: 'Norsk bokmål', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
];

beforeAll(installDialogPolyfill);

function setup(update: AttachmentApi['update'] = vi.fn()) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const attachment = attachmentRecord(7, {
    filename: 'ferry_timetable.pdf',
    byte_size: 1536,
    name: { en: 'Ferry timetable' },
    description: { nb: 'Rutetider' },
  });
  const api: AttachmentApi = { upload: vi.fn(), update, replaceFile: vi.fn(), search: vi.fn() };
  render(
    <ToastProvider>
      <AttachmentDialog
        attachment={attachment}
        locales={locales}
        api={api}
        onSaved={onSaved}
        onClose={onClose}
      />
    </ToastProvider>,
  );
  return {
    onSaved,
    onClose,
    dialog: screen.getByRole('dialog', { name: 'Edit file: ferry_timetable.pdf' }),
  };
}

const field = (legend: string, label: string) =>
  within(screen.getByRole('group', { name: legend })).getByLabelText(label);

describe('AttachmentDialog', () => {
  it('shows names and descriptions for every locale in its language and direction, and the file’s facts', () => {
    const { dialog } = setup();
    expect(dialog).toHaveAttribute('open');
    expect(field('English', 'Name')).toHaveValue('Ferry timetable');
    expect(field('Norsk bokmål', 'Name')).toHaveValue('');
    expect(field('Norsk bokmål', 'Description')).toHaveValue('Rutetider');
    expect(field('العربية', 'Name')).toHaveAttribute('dir', 'rtl');
    expect(field('العربية', 'Description')).toHaveAttribute('lang', 'ar');
    expect(within(dialog).getByText('1.5 KB')).toBeVisible();
    expect(within(dialog).getByText('PDF')).toBeVisible();
    expect(
      within(dialog).getByRole('link', { name: 'Download ferry_timetable.pdf' }),
    ).toHaveAttribute('href', '/files/7/ferry_timetable.pdf');
    expect(within(dialog).getByText('[attachment:7]')).toBeVisible();
  });

  it('copies the embed code and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Copy embed code' }));
    expect(writeText).toHaveBeenCalledWith('[attachment:7]');
    expect(await screen.findByText('Embed code copied to clipboard')).toBeVisible();
  });

  it('saves names and descriptions per locale, then closes', async () => {
    const saved = attachmentRecord(7, { name: { en: 'Ferry timetable', nb: 'Fergerute' } });
    const update = vi.fn<AttachmentApi['update']>(() =>
      Promise.resolve({ kind: 'saved', attachment: saved }),
    );
    const { onSaved, onClose } = setup(update);
    await userEvent.type(field('Norsk bokmål', 'Name'), 'Fergerute');
    await userEvent.click(screen.getByRole('button', { name: 'Save file' }));
    expect(update).toHaveBeenCalledWith(7, {
      name: { en: 'Ferry timetable', nb: 'Fergerute', ar: '' },
      description: { en: '', nb: 'Rutetider', ar: '' },
    });
    expect(onSaved).toHaveBeenCalledWith(saved);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a refusal’s errors, named by the fields’ labels, in the dialog and stays open', async () => {
    const update = vi.fn<AttachmentApi['update']>(() =>
      Promise.resolve({
        kind: 'invalid',
        errors: [['name', 'is too long (at most 255 characters)']],
      }),
    );
    const { onSaved, onClose } = setup(update);
    await userEvent.click(screen.getByRole('button', { name: 'Save file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Name: is too long (at most 255 characters)',
    );
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
