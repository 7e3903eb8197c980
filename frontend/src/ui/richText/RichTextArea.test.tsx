import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RichTextArea } from './RichTextArea';

function Harness({ mode, initial }: { mode: 'simple' | 'full'; initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextArea
      id="body"
      aria-invalid={undefined}
      aria-describedby={undefined}
      aria-label="Body"
      value={value}
      onChange={setValue}
      rows={5}
      mode={mode}
      host="cms.example.org"
    />
  );
}

describe('RichTextArea', () => {
  it('offers bold and italic only in simple mode', () => {
    render(<Harness mode="simple" initial="" />);
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Italic' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link' })).not.toBeInTheDocument();
  });

  it('makes the selection italic with Ctrl+I and bold with the toolbar', async () => {
    const user = userEvent.setup();
    render(<Harness mode="simple" initial="one two" />);
    const area = screen.getByLabelText<HTMLTextAreaElement>('Body');
    area.focus();
    area.setSelectionRange(4, 7);
    await user.keyboard('{Control>}i{/Control}');
    expect(area).toHaveValue('one _two_');
    area.setSelectionRange(0, 3);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(area).toHaveValue('**one** _two_');
  });

  it('links the selection, without the host for links to this site', async () => {
    const user = userEvent.setup();
    render(<Harness mode="full" initial="see our team" />);
    const area = screen.getByLabelText<HTMLTextAreaElement>('Body');
    area.focus();
    area.setSelectionRange(8, 12);
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.type(
      screen.getByLabelText('Link address'),
      'https://cms.example.org/en/team?x=1#a{Enter}',
    );
    expect(area).toHaveValue('see our [team](/en/team?x=1#a)');
  });
});
