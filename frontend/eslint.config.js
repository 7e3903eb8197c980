import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Dependencies flow app -> features -> ui/lib/api, never between features.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layerZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features must not import from other features; move shared code to src/ui or src/lib.',
  })),
  { target: './src/features', from: './src/app', message: 'Features must not import from src/app.' },
  { target: './src/ui', from: ['./src/features', './src/app'], message: 'src/ui is a leaf layer.' },
  {
    target: './src/lib',
    from: ['./src/features', './src/app', './src/ui'],
    message: 'src/lib is a leaf layer.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/api/generated', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: layerZones }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  reactHooks.configs.flat['recommended-latest'],
  {
    files: ['scripts/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
);
