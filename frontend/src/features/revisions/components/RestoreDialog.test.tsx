// Issue 28, item 1: the restore dialog lists per language what a restore changes, ticks the
// languages the version had a name in, and says plainly when a language's name and address go.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { installDialogPolyfill } from '../../../entities/media/images/test/fixtures';
import type { RevisionsApi } from '../api';
import { restored, revision } from '../test/fixtures';
import type { RestoreLocale, RestorePlan } from '../types';
import type { Page } from '../../../api/types';
import { RestoreDialog } from './RestoreDialog';

const version = revision(9, { summary: 'Created in English', kind: 'create' });

const row = (locale: string, overrides: Partial<RestoreLocale> = {}): RestoreLocale => ({
  locale,
  restored_by_default: true,
  name_from: 'Services',
  name_to: 'Services',
  path_segment_from: 'services',
  path_segment_to: 'services',
  changed_blocks: [],
  changes: false,
  loses_name: false,
  pages_leaving: 0,
  ...overrides,
});

const plan: RestorePlan = {
  revision: version,
  locales: [
    row('en', { changes: true, changed_blocks: [{ name: 'body', title: 'Body' }] }),
    row('nb', { restored_by_default: false, name_from: '', name_to: '' }),
    row('ar', {
      restored_by_default: false,
      name_from: 'الخدمات',
      name_to: '',
      path_segment_from: 'الخدمات',
      path_segment_to: '',
      changes: true,
      loses_name: true,
      pages_leaving: 3,
    }),
  ],
};

const NAMES: Record<string, string> = { en: 'English', nb: 'Norwegian Bokmål', ar: 'Arabic' };

function setup(answer: Promise<RestorePlan> = Promise.resolve(plan)) {
  const api = {
    list: vi.fn(),
    compare: vi.fn(),
    plan: vi.fn(() => answer),
    restore: vi.fn<RevisionsApi['restore']>(() =>
      Promise.resolve({ kind: 'restored', page: restored({ id: 5, lock_version: 4 } as Page) }),
    ),
  };
  const onRestored = vi.fn();
  render(
    <RestoreDialog
      api={api}
      revision={version}
      lockVersion={3}
      dirty={false}
      onRestored={onRestored}
      onReload={vi.fn()}
      onClose={vi.fn()}
      localeName={(code) => NAMES[code] ?? code}
    />,
  );
  return { api, onRestored, user: userEvent.setup() };
}

beforeAll(installDialogPolyfill);
afterEach(() => setLanguage('en'));

describe('the restore dialog', () => {
  it('lists per language what changes, the version’s languages ticked', async () => {
    const { api } = setup();
    const languages = await screen.findByRole('group', { name: 'Languages to restore' });
    expect(api.plan).toHaveBeenCalledWith(9);
    const english = within(languages).getByRole('checkbox', { name: 'English' });
    const arabic = within(languages).getByRole('checkbox', { name: 'Arabic' });
    expect(english).toBeChecked();
    expect(arabic).not.toBeChecked();
    // A language without changes is not listed.
    expect(within(languages).queryByRole('checkbox', { name: 'Norwegian Bokmål' })).toBeNull();
    expect(languages).toHaveTextContent('Texts: Body');
    expect(languages).toHaveTextContent(
      'This version had no name in Arabic: left unticked, Arabic keeps what it has now.',
    );
    expect(screen.getByRole('dialog')).toHaveTextContent('Nothing is lost');
  });

  it('says plainly when a ticked language loses its name, and how many pages leave', async () => {
    const { api, user, onRestored } = setup();
    const arabic = await screen.findByRole('checkbox', { name: 'Arabic' });
    await user.click(arabic);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The page loses its name and address in Arabic: 3 pages (it and pages below it) leave the site in Arabic.',
    );
    expect(screen.getByRole('dialog')).not.toHaveTextContent('Nothing is lost');
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(api.restore).toHaveBeenCalledWith(9, 3, ['en', 'ar']);
    expect(onRestored).toHaveBeenCalled();
  });

  it('sends exactly the ticked languages, and none ticked restores nothing', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('checkbox', { name: 'English' }));
    expect(screen.getByRole('button', { name: 'Restore' })).toBeDisabled();
    expect(screen.getByText('Tick at least one language to restore.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Arabic' }));
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(api.restore).toHaveBeenCalledWith(9, 3, ['ar']);
  });

  it('names each refused field in the interface language', async () => {
    setLanguage('nb');
    const { api, user } = setup();
    api.restore.mockResolvedValueOnce({
      kind: 'invalid',
      errors: [
        ['name', 'x1'],
        ['serialized_tags', 'x2'],
        ['locales', 'x3'],
        ['path_segment', 'x4'],
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Gjenopprett' }));
    const items = within(await screen.findByRole('alert')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Navn: x1',
      'Stikkord: x2',
      'Språk som gjenopprettes: x3',
      'Stisegment: x4',
    ]);
  });

  it('without the plan, leaves the choice to the server’s rule and says so', async () => {
    const { api, user } = setup(Promise.reject(new Error('offline')));
    await screen.findByText(/could not be read/);
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(api.restore).toHaveBeenCalledWith(9, 3, undefined);
  });
});
