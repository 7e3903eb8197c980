// Issue 28, item 17: a message goes once what it says stops being true — a field's refusal
// once the field is edited, the save's refusal once no field is refused, "save to keep it" once
// saved or undone.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, UNSAVED_EDITS, useToast } from '../../ui/toast';
import type { UseEditorAddons } from './addons';
import type { EditorApi } from './api';
import { SAVED_MESSAGE, VALIDATION_MESSAGE } from './errors';
import { PageEditorScreen } from './PageEditorScreen';
import { initialData, page } from './test/fixtures';

const COPIED = 'One block copied from Norsk: save to keep it.';
const toastText = () => document.querySelector('.toast-region')?.textContent ?? '';
const saveButton = () => screen.getByRole('button', { name: 'Save' });

/** An add-on that fills Body, as copying from another locale does, and says to save it. */
const useCopyAddon: UseEditorAddons = ({ editor }) => {
  const toast = useToast();
  return {
    toolbar: (
      <button
        type="button"
        onClick={() => {
          editor.update((draft) => ({ ...draft, blocks: { ...draft.blocks, body: 'Hei' } }));
          toast.about(UNSAVED_EDITS).notice(COPIED);
        }}
      >
        Copy
      </button>
    ),
  };
};

function setup() {
  const api = {
    save: vi.fn<EditorApi['save']>().mockResolvedValue({ kind: 'saved', page: page() }),
    load: vi.fn<EditorApi['load']>().mockResolvedValue(page()),
  };
  render(
    <ToastProvider>
      <PageEditorScreen
        data={initialData()}
        api={api}
        confirm={() => false}
        useAddons={useCopyAddon}
      />
    </ToastProvider>,
  );
  return { user: userEvent.setup(), api };
}

beforeEach(() => window.history.replaceState(null, '', '/admin/en/pages/5/edit'));

describe('a refused field', () => {
  it('loses its message when it is edited; the toast goes once no field is refused', async () => {
    const { user, api } = setup();
    api.save.mockResolvedValueOnce({
      kind: 'invalid',
      errors: [
        ['name', "can't be blank"],
        ['headline', 'is too long'],
      ],
    });
    await user.clear(screen.getByLabelText('Name'));
    await user.click(saveButton());
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription("can't be blank");
    expect(toastText()).toContain(VALIDATION_MESSAGE);

    await user.type(screen.getByLabelText('Name'), 'Team');
    expect(screen.getByLabelText('Name')).not.toBeInvalid();
    expect(screen.getByLabelText('Name')).not.toHaveAccessibleDescription("can't be blank");
    // Headline is still refused: so is the save, as the toast says.
    expect(screen.getByLabelText('Headline')).toBeInvalid();
    expect(toastText()).toContain(VALIDATION_MESSAGE);

    await user.type(screen.getByLabelText('Headline'), '!');
    expect(screen.getByLabelText('Headline')).not.toBeInvalid();
    expect(toastText()).not.toContain(VALIDATION_MESSAGE);
  });
});

describe('"save to keep it"', () => {
  it('goes when the save keeps it, before "All changes saved" shows', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(toastText()).toContain(COPIED);
    await user.click(saveButton());
    expect(toastText()).toContain(SAVED_MESSAGE);
    expect(toastText()).not.toContain(COPIED);
  });

  it('goes when the edits are undone by hand', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    const body = screen.getByLabelText('Body');
    await user.clear(body);
    await user.type(body, 'Hello');
    expect(toastText()).not.toContain(COPIED);
  });
});
