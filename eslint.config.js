import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The tables of orders: written only in src/server/orders/. */
const orderTables = ['orders', 'fulfilments', 'refunds', 'orderEvents'];
/** SQL that writes one of them by name, as esquery regexes. */
const writesOrders = String.raw`/\b(update|insert\s+into|delete\s+from)\s+"?(orders|fulfilments|refunds|order_events)\b/i`;
/** SQL that writes a table named by an interpolated value (sql`UPDATE ${table}`), which could be any of them. */
const writesSomeTable = String.raw`/\b(update|insert\s+into|delete\s+from)\s*"?$/i`;

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'drizzle', 'test-results', 'playwright-report', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The stand-ins and helpers in src/server/testing/ and src/web/testing/ serve the tests and benches, never the shop.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/server/testing/**', 'src/web/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/testing/*'], message: 'Test-only code stays out of the shop.' }] }],
    },
  },
  {
    // Orders, their fulfilments, refunds and timelines change only through src/server/orders/ (decision 0026):
    // elsewhere the tables cannot be imported (the placed_orders view, which nothing can write through,
    // is there to read), nor written in SQL by name.
    files: ['src/server/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/server/testing/**', 'src/server/orders/**', 'src/server/db/**'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/testing/*'], message: 'Test-only code stays out of the shop.' },
            {
              group: ['**/db/schema'],
              importNames: [...orderTables],
              allowTypeImports: true,
              message: 'Orders change only through src/server/orders/: call its functions, and read orders from placedOrders.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: `TemplateElement[value.raw=${writesOrders}]`, message: 'Orders change only through src/server/orders/: call its functions.' },
        { selector: `Literal[value=${writesOrders}]`, message: 'Orders change only through src/server/orders/: call its functions.' },
        { selector: `TemplateElement[value.raw=${writesSomeTable}]`, message: 'Name the table a statement writes, outside src/server/orders/: orders change only there.' },
        { selector: 'ImportExpression[source.value=/db\\/schema$/]', message: 'Import the schema statically, so that the orders rule can see what is taken from it.' },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
