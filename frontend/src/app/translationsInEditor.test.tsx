// The editor's translation tools as the app mounts them (issue 22): the locale switcher's
// marks, an outdated block with what changed in the source and 'Mark as still right', and
// copying from the default locale into the form only.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageEditorScreen } from '../features/pageEditor/PageEditorScreen';
import type { EditorApi } from '../features/pageEditor/api';
import { initialData, page } from '../features/pageEditor/test/fixtures';
import { installDialogPolyfill } from '../entities/media/images/test/fixtures';
import { ToastProvider } from '../ui/toast';
import { useEditorAddons } from './editorAddons';

const outdated = page({
  locale: 'nb',
  blocks: {
    name: { en: 'Team', nb: 'Laget' },
    headline: { en: 'Our team' },
    body: { en: 'Hello everyone', nb: 'Hei' },
    layout: 'wide',
  },
  translations: { nb: 'outdated' },
  outdated_blocks: { nb: ['body'] },
});

beforeAll(installDialogPolyfill);
beforeEach(() => window.history.replaceState(null, '', '/admin/nb/pages/5/edit'));
afterEach(() => vi.unstubAllGlobals());

function renderNorwegian(fetchMock: ReturnType<typeof vi.fn>, shown = outdated) {
  vi.stubGlobal('fetch', fetchMock);
  const api: EditorApi = { save: vi.fn(), load: vi.fn() };
  render(
    <ToastProvider>
      <PageEditorScreen
        data={initialData({ locale: 'nb', page: shown })}
        api={api}
        useAddons={useEditorAddons}
      />
    </ToastProvider>,
  );
  return userEvent.setup();
}

const answers = (extra: (url: string, init: RequestInit) => Response | null = () => null) =>
  vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.endsWith('/source_changes.json')) {
      return Response.json({
        source_locale: 'en',
        blocks: [{ name: 'body', since_revision: 3, before: 'Hello', after: 'Hello everyone' }],
      });
    }
    if (url === '/admin/en/pages/5.json') return Response.json({ ...outdated, locale: 'en' });
    return Response.json([]);
  });

describe('translations in the editor', () => {
  it('marks the locale in the switcher in words, and the outdated block by its field', () => {
    renderNorwegian(answers());
    const nav = screen.getByRole('navigation', { name: 'Locales' });
    expect(within(nav).getByRole('link', { name: /Norsk/ })).toHaveAccessibleName(
      'Norsk bokmål (Outdated)',
    );
    expect(screen.getByText(/One block is outdated here/)).toBeInTheDocument();
    expect(screen.getAllByText('Outdated', { selector: '.outdated-badge' })).toHaveLength(1);
  });

  it('shows what changed in the source, and marks the block still right with the version', async () => {
    const checked = { ...outdated, translations: { nb: 'current' }, outdated_blocks: { nb: [] } };
    const fetchMock = answers((url, init) =>
      url.endsWith('/translation_checked.json') && init.method === 'POST'
        ? Response.json({ ...checked, lock_version: 4 })
        : null,
    );
    const user = renderNorwegian(fetchMock);
    await user.click(screen.getByText('What changed in English'));
    expect(await screen.findByText('everyone')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as still right: Body' }));
    await waitFor(() => expect(screen.queryByText(/block is outdated/)).toBeNull());
    const post = fetchMock.mock.calls.find(([input]) => String(input).includes('checked'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ lock_version: 3, blocks: ['body'] });
  });

  it('copies the page from English into the empty blocks only, never a shared one', async () => {
    const user = renderNorwegian(answers());
    await user.click(screen.getByRole('button', { name: 'Copy from English…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy from English' });
    expect(within(dialog).getByRole('checkbox', { name: /Headline/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Body/ })).not.toBeChecked();
    expect(within(dialog).queryByRole('checkbox', { name: /Layout/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Copy one block' }));
    expect(screen.getByRole('textbox', { name: /Headline/ })).toHaveValue('Our team');
    expect(screen.getByRole('textbox', { name: /^Body/ })).toHaveValue('Hei');
    expect(screen.getByRole('combobox', { name: /Layout/ })).toHaveValue('wide');
  });

  it('copies one block when asked, replacing its text', async () => {
    const user = renderNorwegian(answers());
    await user.click(screen.getByRole('button', { name: 'Copy from English: Body' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Body/ })).toHaveValue('Hello everyone'),
    );
  });

  it('shows the English page beside the Norwegian one, each in its own language', async () => {
    const user = renderNorwegian(answers());
    await user.click(screen.getByRole('checkbox', { name: 'Side by side' }));
    const source = await screen.findByText('Hello everyone');
    expect(source.closest('.source-column')).toHaveAttribute('lang', 'en');
  });

  describe('blocks to translate (issue 28)', () => {
    const toTranslate = page({
      locale: 'nb',
      blocks: {
        name: { en: 'Team', nb: 'Laget' },
        headline: { en: 'Our team' },
        body: { en: 'Hello everyone', nb: 'Hello everyone' },
      },
      translations: { nb: 'missing' },
      outdated_blocks: { nb: [] },
      missing_blocks: { nb: ['headline'] },
    });
    // The copies, as source_changes.json names them.
    const withCopies = (extra: (url: string, init: RequestInit) => Response | null = () => null) =>
      answers((url, init) =>
        url.endsWith('/source_changes.json')
          ? Response.json({ source_locale: 'en', blocks: [], copied_blocks: { body: 'en' } })
          : extra(url, init),
      );

    it('marks an empty block to translate and a copied one as copied, never as outdated', async () => {
      renderNorwegian(withCopies(), toTranslate);
      expect(screen.getByText('To translate', { selector: '.outdated-badge' })).toBeInTheDocument();
      expect(
        await screen.findByText('Copied from English', { selector: '.outdated-badge' }),
      ).toBeInTheDocument();
      expect(screen.queryByText('Outdated', { selector: '.outdated-badge' })).toBeNull();
      expect(screen.getByText('Still to translate here: Headline and Body.')).toBeInTheDocument();
      expect(screen.getByText(/the website shows it as English/)).toBeInTheDocument();
    });

    it('keeps a copy as the translation with the version read', async () => {
      const kept = { ...toTranslate, translations: { nb: 'current' as const } };
      const fetchMock = withCopies((url, init) =>
        url.endsWith('/translation_checked.json') && init.method === 'POST'
          ? Response.json({ ...kept, lock_version: 4 })
          : null,
      );
      const user = renderNorwegian(fetchMock, toTranslate);
      await user.click(
        await screen.findByRole('button', { name: 'Keep as the translation: Body' }),
      );
      await waitFor(() =>
        expect(
          screen.queryByText('Copied from English', { selector: '.outdated-badge' }),
        ).toBeNull(),
      );
      const post = fetchMock.mock.calls.find(([input]) => String(input).includes('checked'));
      expect(JSON.parse(String(post?.[1]?.body))).toEqual({ lock_version: 3, blocks: ['body'] });
      expect(await screen.findByText('Kept as the translation.')).toBeInTheDocument();
    });
  });
});
