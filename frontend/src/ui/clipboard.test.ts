// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard';

function withClipboard(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

describe('copyText', () => {
  afterEach(() => {
    withClipboard(undefined);
    vi.restoreAllMocks();
  });

  it('uses the Clipboard API when there is one', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    withClipboard({ writeText });
    await copyText('[image:7]');
    expect(writeText).toHaveBeenCalledWith('[image:7]');
  });

  it('rejects when the Clipboard API refuses', async () => {
    withClipboard({ writeText: () => Promise.reject(new Error('denied')) });
    await expect(copyText('[file:3]')).rejects.toThrow('denied');
  });

  it.each([
    [true, 'resolves'],
    [false, 'rejects'],
  ])(
    'without it, copies from a hidden field that it removes again (copied: %s → %s)',
    async (copied, outcome) => {
      withClipboard(undefined);
      let held = '';
      const exec = vi.fn(() => {
        held = document.querySelector('textarea')?.value ?? '';
        return copied;
      });
      Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
      const result = copyText('[file:3]');
      if (outcome === 'resolves') await expect(result).resolves.toBeUndefined();
      else await expect(result).rejects.toThrow('copy refused');
      expect(exec).toHaveBeenCalledWith('copy');
      expect(held).toBe('[file:3]');
      expect(document.querySelector('textarea')).toBeNull();
    },
  );
});
