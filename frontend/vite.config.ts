import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Vitest's default on two cores is one worker (cores - 1) and the run waits on jsdom's
    // start-up per file; two workers use both cores (README, "Test rounds").
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
  },
});
