import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { setLanguage } from '../i18n';
import { setCsrfToken } from '../lib/http';
import type { ScreenData } from '../api/types';
import { readInitialData } from '../lib/initialData';
import { ToastProvider } from '../ui/toast';
import { ReviewHeaderParts } from '../features/review/header/ReviewHeaderParts';
import '../styles/index.css';

/** Read the initial data, configure the request helpers and render a screen into #app. */
export function mountScreen<T extends ScreenData>(render: (data: T) => ReactNode): void {
  const data = readInitialData<T>();
  // Before anything renders: every t() call speaks the user's language from here on. The
  // server already set <html lang dir> to it; the content locale marks its own fields.
  setLanguage(data.interface_language);
  setCsrfToken(data.csrf_token);
  const container = document.getElementById('app');
  if (!container) throw new Error('Missing #app element');
  createRoot(container).render(
    <StrictMode>
      <ToastProvider>
        {/* The header's count of changes waiting and the notifications bell (issue 32). */}
        <ReviewHeaderParts userId={data.user.id}>{render(data)}</ReviewHeaderParts>
      </ToastProvider>
    </StrictMode>,
  );
}
