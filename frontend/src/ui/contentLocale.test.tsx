import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { ContentLocaleProvider, contentLang, useContentLang } from './contentLocale';
import { AdminHeader } from './AdminHeader';

const LOCALES = [
  { code: 'en', name: 'English', dir: 'ltr' as const },
  { code: 'ar', name: 'العربية', dir: 'rtl' as const },
];

function Field() {
  return <input aria-label="Name" {...useContentLang()} />;
}

afterEach(() => setLanguage('en'));

describe('the content locale apart from the interface language', () => {
  it('marks content with the locale in the address, the chrome with the interface language', () => {
    setLanguage('en');
    render(
      <>
        <AdminHeader
          locale="ar"
          locales={LOCALES}
          localeHref={(code) => `/admin/${code}/pages`}
          username="editor"
          logoutUrl="/admin/logout/"
          csrfToken="token"
        />
        <ContentLocaleProvider value={contentLang(LOCALES, 'ar')}>
          <Field />
        </ContentLocaleProvider>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('lang', 'ar');
  });

  it('speaks Arabic around English content', () => {
    setLanguage('ar');
    render(
      <>
        <AdminHeader
          locale="en"
          locales={LOCALES}
          localeHref={(code) => `/admin/${code}/pages`}
          username="editor"
          logoutUrl="/admin/logout/"
          csrfToken="token"
        />
        <ContentLocaleProvider value={contentLang(LOCALES, 'en')}>
          <Field />
        </ContentLocaleProvider>
      </>,
    );
    expect(screen.getByRole('button', { name: 'تسجيل الخروج' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('lang', 'en');
  });

  it('leaves text outside a screen to its own letters', () => {
    render(<Field />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('dir', 'auto');
  });
});
