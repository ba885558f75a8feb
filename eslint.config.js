// ESLint for the web app (web/src): TypeScript, the rules of hooks, accessibility, and the
// import boundaries of the bulletproof-react shape:
//   app/      composes everything (router, route registry, layouts, start-up wiring);
//   features/ one folder per business area; it never imports another feature (what two
//             features share lives in shared/, what joins them is composed in app/);
//   shared/   what every feature may use; it never imports features/ or app/.
// `import-x/no-cycle` guards static imports; web/scripts/check-cycles.mjs (in `npm run lint`)
// proves the whole graph, dynamic imports included, has no circle.
// eslint-suppressions.json holds what lint found when it came in (issue 18: mostly features
// reaching into other features); only new problems fail. Fix one, then
// `npx eslint web/src --prune-suppressions`.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SRC = './web/src';
const FEATURES = readdirSync(new URL(`${SRC}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// One zone per feature (issue 35.5): a feature imports its own files only. Shared vocabulary
// lives in shared/; app/ composes features (slots in shared/ui/slot.tsx, props, providers).
const featureZones = FEATURES.map((feature) => ({
  target: `${SRC}/features/${feature}`,
  from: `${SRC}/features`,
  except: [`./${feature}`],
  message: 'A feature imports no other feature: shared vocabulary lives in shared/, app/ composes features (slots, props).',
}));

export default tseslint.config(
  { ignores: ['web/dist/**', 'web/public/**', 'node_modules/**', 'web/src/shared/api/schema.d.ts'] },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended, jsxA11y.flatConfigs.recommended],
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    languageOptions: { globals: { ...globals.browser } },
    settings: {
      // eslint-plugin-import rather than import-x: import-x needs unrs-resolver, whose
      // per-platform binaries `npm ci` insists on finding in the lock file.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      // Errors, not warnings: eslint-suppressions.json records the ones found when lint came
      // in (issue 18), so only new ones fail, and it only records errors.
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
      // TypeScript's noUnusedLocals/noUnusedParameters already fail the build on these.
      '@typescript-eslint/no-unused-vars': 'off',
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${SRC}/shared`,
              from: [`${SRC}/features`, `${SRC}/app`],
              message: 'shared/ is used by features and app; it never imports them.',
            },
            {
              target: `${SRC}/features`,
              from: `${SRC}/app`,
              message: 'app/ composes the features; a feature never imports app/ (route paths: shared/routing).',
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
);
