// Lint rules: Next.js core web vitals plus typescript-eslint, over app, components, lib, scripts and tests.
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['components/request/generated/**', '.next/**', '.next-*/**', 'node_modules/**', '.data/**', 'lib/db/migrations/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'bench-results/**'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // String columns come from lib/db/columns.ts, which stores any text faithfully (lib/db/README.md).
    files: ['lib/db/schema/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm/pg-core',
              importNames: ['text', 'jsonb', 'json', 'varchar', 'char'],
              message: 'Use text and jsonb from lib/db/columns.ts: they keep NUL and lone surrogates.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'tests/**', '*.config.*'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['next.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];

export default config;
