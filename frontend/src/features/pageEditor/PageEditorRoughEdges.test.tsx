// Issue 9: messages tell the truth about the latest save, a template switch says what saving
// will clear or move, and a page without a name is refused beside its field.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../api/types';
import type { SaveResult } from './api';
import { SAVED_MESSAGE, SAVE_FAILED_MESSAGE, VALIDATION_MESSAGE } from './errors';
import { renderEditor as setup, sentPage as sent } from './test/renderEditor';
import { block, page, templates } from './test/fixtures';

const newsList: Template = {
  template_name: 'news',
  name: 'News list',
  blocks: [block('name'), block('intro', { size: 'other', class: 'rich simple' })],
  metadata_blocks: [],
  dates: false,
  tags: false,
  images: false,
  files: false,
};

const toastText = () => document.querySelector('.toast-region')?.textContent ?? '';
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const failed = (failure: Extract<SaveResult, { kind: 'failed' }>['failure']): SaveResult => ({
  kind: 'failed',
  failure,
});

beforeEach(() => window.history.replaceState(null, '', '/admin/en/pages/5/edit'));
afterEach(() => vi.useRealTimers());

describe('save messages', () => {
  it('takes the validation toast away when the next save succeeds', async () => {
    const { user, api } = setup();
    api.save.mockResolvedValueOnce({ kind: 'invalid', errors: [['name', "can't be blank"]] });
    await user.click(saveButton());
    expect(toastText()).toContain(VALIDATION_MESSAGE);
    await user.click(saveButton());
    expect(toastText()).toContain(SAVED_MESSAGE);
    expect(toastText()).not.toContain(VALIDATION_MESSAGE);
  });

  it('never shows "Your changes were saved" for a refused save', async () => {
    const { user, api } = setup();
    await user.click(saveButton());
    expect(toastText()).toContain(SAVED_MESSAGE);
    api.save.mockResolvedValueOnce({ kind: 'invalid', errors: [['path_segment', 'is taken']] });
    await user.click(saveButton());
    expect(toastText()).toContain(VALIDATION_MESSAGE);
    expect(toastText()).not.toContain(SAVED_MESSAGE);
  });

  it('says a new page was never saved instead of "All changes saved"', () => {
    setup({ page: page({ id: null, blocks: { name: {} }, path_segment: '', lock_version: 0 }) });
    expect(screen.getByText('New page, not saved yet')).toBeInTheDocument();
    expect(screen.queryByText('All changes saved')).not.toBeInTheDocument();
  });

  it('on an ended session offers a login in a new tab and keeps what was typed', async () => {
    const { user, api } = setup();
    api.save.mockResolvedValueOnce(failed({ kind: 'session' }));
    await user.clear(screen.getByLabelText('Headline'));
    await user.type(screen.getByLabelText('Headline'), 'Typed before the session ended');
    await user.click(saveButton());
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('Your session has ended, so the page was not saved.');
    const login = within(banner).getByRole('link', { name: /Log in again/ });
    expect(login).toHaveAttribute('href', '/admin/login/');
    expect(login).toHaveAttribute('target', '_blank');
    expect(login).toHaveAttribute('rel', 'noopener');
    expect(toastText()).toContain(SAVE_FAILED_MESSAGE);
    expect(screen.getByLabelText('Headline')).toHaveValue('Typed before the session ended');
    await user.click(saveButton());
    expect(sent(api, 1).headline).toBe('Typed before the session ended');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the request id of a server error', async () => {
    const { user, api } = setup();
    api.save.mockResolvedValueOnce(failed({ kind: 'server', requestId: 'f00d-42' }));
    await user.click(saveButton());
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('The server ran into an error and did not save the page.');
    expect(within(banner).getByText('f00d-42')).toBeInTheDocument();
  });

  it('says the connection was lost on a network failure', async () => {
    const { user, api } = setup();
    api.save.mockResolvedValueOnce(failed({ kind: 'network' }));
    await user.click(saveButton());
    expect(screen.getByRole('alert')).toHaveTextContent('The connection to the server was lost.');
    expect(toastText()).toContain(SAVE_FAILED_MESSAGE);
  });
});

describe('a page needs a name', () => {
  it('shows the server refusal beside the Name field', async () => {
    const { user, api } = setup();
    api.save.mockResolvedValueOnce({ kind: 'invalid', errors: [['name', "can't be blank"]] });
    await user.clear(screen.getByLabelText('Name'));
    await user.click(saveButton());
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription("can't be blank");
    expect(screen.getByLabelText('Name')).toBeInvalid();
  });
});

describe('switching the template', () => {
  const eventPage = page({
    template: 'event',
    starts_at: '2026-05-01T18:00:00.000Z',
    ends_at: '2026-05-01T20:00:00.000Z',
    blocks: { name: { en: 'Jazz night' }, intro: { en: 'Live' }, location: { en: 'Main hall' } },
  });
  const note = () => document.getElementById('template-switch-note');

  it('Event → News list → Event: says what each save clears or moves, and saves by the rule', async () => {
    const { user, api } = setup({ page: eventPage, templates: [...templates, newsList] });
    expect(note()).toBeEmptyDOMElement();

    await user.selectOptions(screen.getByLabelText('Template'), 'news');
    expect(note()).toHaveTextContent(
      'Saving clears the start and end dates: News list has no dates.',
    );
    expect(note()).toHaveTextContent(
      'News list has no field for Location: saving keeps it under Unconfigured content.',
    );
    expect(screen.getByLabelText('Template')).toHaveAccessibleDescription(/Saving clears/);

    const savedAsNews = page({
      ...eventPage,
      template: 'news',
      starts_at: null,
      ends_at: null,
      lock_version: 4,
    });
    api.save.mockResolvedValueOnce({ kind: 'saved', page: savedAsNews });
    await user.click(saveButton());
    expect(sent(api, 0)).toMatchObject({ template: 'news', starts_at: null, ends_at: null });
    expect(sent(api, 0).location).toBe('Main hall');
    expect(note()).toBeEmptyDOMElement();
    expect(screen.getByRole('tab', { name: /Unconfigured content/ })).toBeInTheDocument();

    // Back to dates: none is made up (issue 28, item 2), so nothing needs saying.
    await user.selectOptions(screen.getByLabelText('Template'), 'event');
    expect(note()).toBeEmptyDOMElement();
    api.save.mockResolvedValueOnce({
      kind: 'saved',
      page: page({ ...eventPage, lock_version: 5 }),
    });
    await user.click(saveButton());
    expect(sent(api, 1).template).toBe('event');
    expect(sent(api, 1)).toMatchObject({ starts_at: null, ends_at: null });
    expect(sent(api, 1).location).toBe('Main hall');
  });

  it('says nothing when the switch changes nothing that is stored', async () => {
    const { user } = setup({ page: page({ blocks: { name: { en: 'Plain' } } }) });
    await user.selectOptions(screen.getByLabelText('Template'), 'event');
    expect(note()).toBeEmptyDOMElement();
    await user.selectOptions(screen.getByLabelText('Template'), 'page');
    expect(note()).toBeEmptyDOMElement();
  });
});
