// `npm run lint`: ESLint's and typescript-eslint's recommended rules (without type
// information: a few seconds for the whole tree) and the layer rules of src/ as import
// restrictions. Each layer names what it may import; every other part of src/ and every
// package (a specifier that is not a relative path) is refused.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The parts of src/: a folder each, plus the two bundle entries. */
const PARTS = ['api', 'core', 'host', 'shared', 'webview', 'extension', 'features'];

const VSCODE_ONLY_IN_HOST = { name: 'vscode', message: "Only src/host and src/extension.ts import 'vscode'." };

/**
 * The import rule for one layer: it may import itself, the parts in `mayImport` and the
 * packages in `packages`; nothing else.
 */
function layer(name, mayImport, packages, message) {
  const refused = PARTS.filter((part) => part !== name && !mayImport.includes(part));
  // No `\-`: the rule compiles the pattern with the `u` flag, where that escape is an error.
  const allowedPackages = ['vscode', ...packages].map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return {
    name: `layers/${name}`,
    files: [`src/${name}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [VSCODE_ONLY_IN_HOST],
          patterns: [
            { group: refused.flatMap((part) => [`**/${part}`, `**/${part}/**`]), message },
            // Any package, Node's built-ins included ('vscode' has its own message above).
            { regex: `^(?![./]|(?:${allowedPackages.join('|')})$)`, message },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', 'test-output/**', '.vscode-test/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Control characters in regular expressions are intended: the sanitisers match them.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The one run-time require of the extension: the on-use bundle, `require('./host/features')`.
      '@typescript-eslint/no-require-imports': ['error', { allow: ['^\\./host/features$'] }],
    },
  },
  {
    name: 'layers/vscode',
    files: ['src/**/*.ts'],
    ignores: ['src/host/**', 'src/extension.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [VSCODE_ONLY_IN_HOST] }] },
  },
  layer('core', [], [], 'core imports only core.'),
  // The cover's front matter writers: core, and the three parsers that keep the author's formatting.
  { ...layer('core', [], ['yaml', 'smol-toml', 'jsonc-parser'], 'core/cover imports only core and its parsers (yaml, smol-toml, jsonc-parser).'), name: 'layers/core-cover', files: ['src/core/cover/**/*.ts'] },
  layer('api', ['core'], ['ky'], 'api imports only core (and ky).'),
  layer('shared', ['core'], [], 'shared imports only core.'),
  layer('webview', ['shared', 'core'], [], 'the webview imports only shared and core (no Node, no vscode).'),
  {
    // The web extension host has no Node: the host code imports none of its modules, except the
    // Node platform (src/host/platform/node/), which the web build replaces (esbuild.mjs).
    name: 'layers/host-without-node',
    files: ['src/host/**/*.ts', 'src/extension.ts'],
    ignores: ['src/host/platform/node/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:node:|(?:${builtinModules.map((m) => m.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')).join('|')})(?:/|$))`,
              message: 'No Node module outside src/host/platform/node/: the web extension host has none (src/host/platform/).',
            },
          ],
        },
      ],
    },
  },
);
