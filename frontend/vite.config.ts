import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component test files that mock modules (vi.mock): run each in a module graph of its own.
const ISOLATED = [
  'src/features/pageEditor/PageEditorScreen.test.tsx',
  'src/entities/media/imageUploader/SingleImageUploader.test.tsx',
];
// Logic test files that mock modules.
const LOGIC_ISOLATED = ['src/features/pageTree/api.test.ts'];

// One rollup input per admin screen; Django reads dist/.vite/manifest.json
// and emits the entry's script, css and imports under /static/admin/.
export default defineConfig({
  base: '/static/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      input: {
        pageTree: 'src/app/pageTree.tsx',
        pageEditor: 'src/app/pageEditor.tsx',
        imageLibrary: 'src/app/imageLibrary.tsx',
        fileLibrary: 'src/app/fileLibrary.tsx',
        users: 'src/app/users.tsx',
        grants: 'src/app/grants.tsx',
        auditLog: 'src/app/auditLog.tsx',
        tabs: 'src/app/tabs.ts',
        account: 'src/app/account.tsx',
        translations: 'src/app/translations.tsx',
        reports: 'src/app/reports.tsx',
        deletedPages: 'src/app/deletedPages.tsx',
        reviews: 'src/app/reviews.tsx',
        newsArchive: 'src/app/newsArchive.tsx',
        calendar: 'src/app/calendar.tsx',
      },
    },
  },
  test: {
    setupFiles: ['src/test/setup.ts'],
    // A worker per core: Vitest's default leaves one core free, which on a 2-core CI machine
    // ran the files one at a time (measured 2026-11-29 on 2 cores: 144 s against 91 s; the
    // timed tests held in three runs, as nothing else runs beside them: scripts/test.sh).
    maxWorkers: '100%',
    restoreMocks: true,
    // A browser's document costs about a second a file to build: components (.tsx) get one,
    // logic (.ts) runs in Node unless its file asks for a document (`@vitest-environment jsdom`).
    projects: [
      // Not isolated: one document and one module graph a worker, for file after file. A fresh
      // one a file cost about 1.8 s of CPU a file (62 files), more than the tests themselves; the
      // shared setup (src/test/setup.ts) cleans the document and storage after each test.
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          exclude: ISOLATED,
          isolate: false,
        },
      },
      // vi.mock replaces a module only for a file that imports it first: these get their own.
      {
        extends: true,
        test: { name: 'components (isolated)', environment: 'jsdom', include: ISOLATED },
      },
      // Not isolated either: a fresh module graph a file cost about 10 s of the logic files' 12 s
      // on 2 cores, for 2 s of tests. Each file that stubs a global or the clock undoes it after
      // each test (restoreMocks above restores the spies).
      {
        extends: true,
        test: {
          name: 'logic',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          exclude: LOGIC_ISOLATED,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'logic (isolated)', environment: 'node', include: LOGIC_ISOLATED },
      },
    ],
  },
});
