import { afterEach } from 'vitest';

// Only where there is a document (components, and logic files that ask for one): the DOM
// matchers and the clean-up would cost a Node test file their import and find nothing to do.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
}
