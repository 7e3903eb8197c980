// The news archive lists a period's articles as links to their editors, with years and months
// (and their counts) as links, and its pages.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NewsArchive, NewsArchiveScreenData } from '../../api/types';
import { screenBase } from '../../test/screenData';
import { ArchiveScreen } from './ArchiveScreen';

const archive: NewsArchive = {
  year: 2025,
  month: 3,
  page: 2,
  per_page: 25,
  total: 60,
  items: [
    {
      id: 9,
      name: 'Harbour reopens',
      news_page_id: 3,
      news_page_name: 'News',
      status: 0,
      published_at: '2025-03-04T10:00:00Z',
      pinned: true,
    },
  ],
  years: [
    { year: 2025, count: 70 },
    { year: 2024, count: 4 },
  ],
  months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, count: i === 2 ? 60 : 0 })),
};

const data: NewsArchiveScreenData = { ...screenBase('en'), screen: 'newsArchive', archive };

describe('ArchiveScreen', () => {
  it('links each article to its editor and each year and month with articles', () => {
    render(<ArchiveScreen data={data} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('News archive March 2025');
    expect(screen.getByRole('link', { name: 'Harbour reopens' })).toHaveAttribute(
      'href',
      '/admin/en/pages/9/edit',
    );
    expect(screen.getByText('Draft')).toBeInTheDocument();
    const years = within(screen.getByRole('navigation', { name: 'Years' }));
    expect(years.getByRole('link', { name: '2024 4' })).toHaveAttribute(
      'href',
      '/admin/en/pages/news/2024',
    );
    const months = within(screen.getByRole('navigation', { name: 'Months of 2025' }));
    expect(months.getByRole('link', { name: 'Mar 60' })).toHaveAttribute('aria-current', 'page');
    expect(months.queryByRole('link', { name: /Apr/ })).not.toBeInTheDocument();
    expect(screen.getByText('60 articles')).toBeInTheDocument();
  });

  it('pages: newer and older as links, page 2 of 3', () => {
    render(<ArchiveScreen data={data} />);
    const pager = within(screen.getByRole('navigation', { name: 'Pages of the archive' }));
    expect(pager.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(pager.getByRole('link', { name: 'Newer' })).toHaveAttribute(
      'href',
      '/admin/en/pages/news/2025/3',
    );
    expect(pager.getByRole('link', { name: 'Older' })).toHaveAttribute(
      'href',
      '/admin/en/pages/news/2025/3?page=3',
    );
  });
});
