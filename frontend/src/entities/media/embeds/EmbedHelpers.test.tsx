import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../ui/toast';
import { AttachmentsEmbedHelper, ImageEmbedHelper } from './EmbedHelpers';

function code(): string {
  return document.querySelector('.media-editor__embed code')?.textContent ?? '';
}

describe('ImageEmbedHelper', () => {
  it('writes the options into the code and says which it leaves out', () => {
    render(
      <ToastProvider>
        <ImageEmbedHelper imageId={7} />
      </ToastProvider>,
    );
    expect(code()).toBe('[image:7]');
    fireEvent.change(screen.getByLabelText('Width (px)'), { target: { value: '400' } });
    fireEvent.change(screen.getByLabelText('Height (px)'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('CSS classes'), { target: { value: 'wide' } });
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: '/en/about' } });
    expect(code()).toBe('[image:7 size="400x300" class="wide" link="/en/about"]');
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'javascript:alert(1)' } });
    expect(code()).toBe('[image:7 size="400x300" class="wide"]');
    expect(screen.getByLabelText('Link')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Left out of the code: not allowed here.')).toBeInTheDocument();
  });
});

describe('AttachmentsEmbedHelper', () => {
  it('makes one code of the ticked files', () => {
    render(
      <ToastProvider>
        <AttachmentsEmbedHelper
          files={[
            { id: 3, label: 'Report' },
            { id: 5, label: 'Budget' },
            { id: 9, label: 'Minutes' },
          ]}
          lang={{ lang: 'en', dir: 'ltr' }}
        />
      </ToastProvider>,
    );
    expect(code()).toBe('[attachment:3,5,9]');
    const list = screen.getByRole('list');
    fireEvent.click(within(list).getByLabelText('Budget'));
    expect(code()).toBe('[attachment:3,9]');
    fireEvent.click(within(list).getByLabelText('Report'));
    fireEvent.click(within(list).getByLabelText('Minutes'));
    expect(code()).toBe('');
    expect(screen.getByText('Tick at least one file.')).toBeInTheDocument();
  });
});
