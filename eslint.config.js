// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-hosted/',
      '.astro/',
      '.data/',
      '.test-output/',
      'bench/.tmp/',
      'playwright-report/',
      'test-results/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  // eslint-plugin-jsx-a11y's recommended rules, for the Astro templates and the React islands alike.
  astro.configs['flat/jsx-a11y-recommended'],
  { files: ['**/*.tsx'], ...reactHooks.configs.flat['recommended-latest'] },
  { languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    rules: {
      // `_name` marks a value taken apart only to leave it out.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { ignoreRestSiblings: true, varsIgnorePattern: '^_', argsIgnorePattern: '^_' },
      ],
    },
  },
);
