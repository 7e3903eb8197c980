import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './Pager';

describe('Pager', () => {
  it('shows nothing when everything fits on one page', () => {
    const { container } = render(<Pager list="images" page={1} pages={1} onPage={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    ['images', 'Pages of results', 'Previous', 'Next'],
    ['files', 'Pages of results', 'Previous', 'Next'],
    ['log', 'Pages of the log', 'Newer', 'Older'],
  ] as const)('names the %s pages and turns them', async (list, label, previous, next) => {
    const onPage = vi.fn();
    render(<Pager list={list} page={1} pages={3} onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: label })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: previous })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: next }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('holds both buttons while a page is on its way', () => {
    render(<Pager list="log" page={2} pages={3} onPage={vi.fn()} busy />);
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });
});
