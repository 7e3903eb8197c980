import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Dependencies flow app -> features -> entities -> ui/lib/api, never between features.
// entities/ holds the domain code several features share (media, tags, history) with its calls;
// ui/ only generic widgets, which know no entity.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The one exception: the page editor's public API for its add-ons (pageEditor/addons.ts), which
// the add-on hooks of scheduling, translations, working copy and revisions implement; the editor
// imports none of them (the app composes them). An add-on's tests may also render the editor.
const editorAddonApi = './pageEditor/addons.ts';

const layerZones = (featureExceptions) => [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...(feature === 'pageEditor' ? [] : featureExceptions)],
    message:
      "Features must not import from other features (but the editor's add-on API, pageEditor/addons.ts); move shared domain code to src/entities, generic code to src/ui or src/lib.",
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features must not import from src/app.',
  },
  {
    target: './src/entities',
    from: ['./src/features', './src/app'],
    message: 'src/entities is shared by features: it imports none of them.',
  },
  {
    target: './src/ui',
    from: ['./src/features', './src/app', './src/entities'],
    message: 'src/ui is a leaf layer of generic widgets.',
  },
  {
    target: './src/lib',
    from: ['./src/features', './src/app', './src/entities', './src/ui'],
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
      'import/no-restricted-paths': ['error', { zones: layerZones([editorAddonApi]) }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/features/**/*.test.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: layerZones(['./pageEditor']) }],
    },
  },
  reactHooks.configs.flat['recommended-latest'],
  {
    files: ['scripts/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
);
