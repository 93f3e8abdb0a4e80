import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import { layerZones } from './packages/server/layers.mjs';

const root = import.meta.dirname;

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/generated/**',
      '**/coverage/**',
      '**/node_modules/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...tseslint.configs.stylistic,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: 'error',
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
    },
  },
  {
    // The server's layers (packages/server/layers.mjs): no import runs back up or across.
    files: ['packages/server/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': {
        typescript: { project: `${root}/packages/server/tsconfig.json` },
      },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        { basePath: root, zones: layerZones(`${root}/packages/server/src`) },
      ],
    },
  },
  {
    // An area outside accounts/ takes its AreaContext (the kernel's members, its store view and
    // what it asks of the accounts area), never the Brokerage
    // (docs/decisions/engineering/server-domain-narrow-contexts.md).
    files: ['packages/server/src/domain/**/*.ts'],
    ignores: ['packages/server/src/domain/accounts/**', 'packages/server/src/domain/services.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSTypeReference[typeName.name='Brokerage']",
          message:
            'A domain area takes an AreaContext (kernel members, its store view, Pick of the accounts area), not the Brokerage.',
        },
      ],
    },
  },
  {
    // The accounts area's own helpers name the members of the Brokerage they use.
    files: ['packages/server/src/domain/accounts/**/*.ts'],
    ignores: ['packages/server/src/domain/accounts/brokerage.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "TSTypeReference[typeName.name='Brokerage']:not(TSTypeReference[typeName.name='Pick'] > TSTypeParameterInstantiation > TSTypeReference)",
          message:
            'An accounts helper takes Pick<Brokerage, ...> of the members it uses, not the whole Brokerage.',
        },
      ],
    },
  },
);
