import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_CODE = { group: ['**/server/**'], message: 'Client code must not import server code.' };
const serverDomains = readdirSync('src/server/services', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverEntries = readdirSync('src/server');
const clientFeatures = readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist/', '.tmp/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One-way imports: the browser bundle never pulls in server code.
      'no-restricted-imports': ['error', { patterns: [SERVER_CODE] }],
    },
  },
  // One-way imports in the client (STYLE.md habit 17): components/ui and lib -> features -> pages
  // and the app shell. A feature never imports another feature; the page composes them.
  {
    files: ['src/client/components/**/*.{ts,tsx}', 'src/client/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_CODE,
            {
              group: ['**/features/**', '**/pages/**', '**/islands/**'],
              message: 'Shared client code imports no feature, page or island.',
            },
          ],
        },
      ],
    },
  },
  ...clientFeatures.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_CODE,
            { group: ['**/pages/**'], message: 'Features do not import pages.' },
            {
              group: clientFeatures
                .filter((other) => other !== feature)
                .flatMap((other) => [`../${other}/*`, `**/features/${other}/*`]),
              message: 'Features do not import each other: compose them in a page (src/client/pages).',
            },
          ],
        },
      ],
    },
  })),
  // Query keys come from each feature's queryOptions (STYLE.md habit 16), shared by its screens and
  // the server's prefetch (ssr-data.ts): a key written by hand elsewhere drifts from them.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    // The queries every feature may read are defined in lib/ (the site document, the newsletter's sendings).
    ignores: ['src/client/features/*/api.ts', 'src/client/lib/site-document.ts', 'src/client/lib/newsletter.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "Take the key from the feature's query (features/<name>/api.ts): `xQuery(...).queryKey`.",
        },
        {
          selector:
            "CallExpression:matches([callee.property.name=/^(get|set)QueryData$/], [callee.name='usePageData']) > ArrayExpression.arguments:first-child",
          message: "Take the key from the feature's query (features/<name>/api.ts): `xQuery(...).queryKey`.",
        },
        {
          // An address such as `x@example.com?cc=...&body=...` would add recipients and text.
          selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^mailto:/]',
          message: 'Build mailto: links with mailtoHref (lib/mailto.ts), which encodes the address.',
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/client/**', '**/content/**'],
              message: 'src/shared imports nothing else of the project.',
            },
          ],
        },
      ],
    },
  },
  // Server layers (STYLE.md habit 13): routes validate and call services; services own the SQL;
  // adapters reach the outside world and know nothing of the product's services.
  {
    files: ['src/server/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Routes call services; services own the SQL.' }],
          patterns: [{ group: ['**/db/*', 'drizzle-orm/*'], message: 'Routes call services; services own the SQL.' }],
        },
      ],
    },
  },
  {
    files: ['src/server/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/routes/*', '**/http/*'], message: 'Services take a Viewer, never a request (STYLE.md habit 14).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/routes/*', '**/http/*', '**/services/**', '**/pages/*'],
              message: 'lib holds helpers the server shares: it knows nothing of routes, services or pages.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/adapters/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/routes/*', '**/http/*', '**/services/*', '**/db/*'],
              message: 'Adapters reach the outside world; they know nothing of routes, services or the database.',
            },
          ],
        },
      ],
    },
  },
  // No import cycles anywhere (STYLE.md habit 19): a cycle means two modules are one concern.
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'tests/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // A domain of services/ reaches another only through its public module (index.ts), and the
  // rest of the server (routes, pages, http, app) likewise; tests and scripts may reach inside.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', '**/__fixtures__/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverDomains.map((domain) => ({
            target: [
              ...serverEntries.filter((entry) => entry !== 'services').map((entry) => `./src/server/${entry}`),
              ...serverDomains.filter((other) => other !== domain).map((other) => `./src/server/services/${other}`),
            ],
            from: `./src/server/services/${domain}`,
            except: ['./index.ts'],
            message: `Reach services/${domain} through its public module, services/${domain}/index.ts.`,
          })),
        },
      ],
    },
  },
);
