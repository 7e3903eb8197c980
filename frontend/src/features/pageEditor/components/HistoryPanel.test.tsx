// Issue 28, item 8: the editor's Activity panel speaks the interface language throughout —
// blocks by their templates' titles, locales as running text names them, dates in its format.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry, Template } from '../../../api/types';
import { setLanguage } from '../../../i18n';
import { HistoryPanel } from './HistoryPanel';

const block = (name: string, title: string) => ({
  name,
  title,
  description: '',
  type: 'text' as const,
  options: [],
  size: 'field' as const,
  class: '',
  placeholder: '',
  localized: true,
});

const template = (titles: [string, string]): Template => ({
  template_name: 'event',
  name: 'Event',
  blocks: [block('body', titles[0]), block('location', titles[1])],
  metadata_blocks: [],
  dates: true,
  tags: true,
  images: true,
  files: true,
});

const entries: AuditEntry[] = [
  {
    id: 1,
    action: 'update',
    user: { id: 1, username: 'kari', name: 'Kari' },
    at: '2026-05-02T09:30:00Z',
    subject: 'page',
    subject_id: 5,
    details: { locale: 'en', fields: ['blocks.body', 'location'] },
  } as AuditEntry,
];

function renderPanel(titles: [string, string]) {
  render(
    <HistoryPanel
      pageId={5}
      locale="en"
      version={1}
      localeName={(code) => ({ en: 'English', ar: 'العربية' })[code] ?? code}
      templates={[template(titles)]}
      load={() => Promise.resolve(entries)}
    />,
  );
}

afterEach(() => setLanguage('en'));

describe('the Activity panel', () => {
  it('names blocks by their titles, as History does', async () => {
    renderPanel(['Body', 'Location']);
    expect(
      await screen.findByText(/changed Body and Location of the page in English/),
    ).toBeTruthy();
  });

  it('speaks Arabic in the Arabic interface: titles, the locale, the date', async () => {
    setLanguage('ar');
    renderPanel(['النص', 'المكان']);
    const entry = await screen.findByText(/غيّر النص والمكان في الصفحة/);
    expect(entry.textContent).toContain('باللغة الإنجليزية');
    expect(entry.textContent).not.toMatch(/English|body|location/);
    const when = document.querySelector('time');
    expect(when?.textContent).toMatch(/2026/);
    expect(when?.textContent).not.toMatch(/May|AM|PM/);
  });
});
