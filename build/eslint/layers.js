// The rooms of the house and which may import which (docs/ARCHITECTURE.md, "Rooms"). In ESLint,
// so an editor underlines a wrong import as it is typed, not only a test after the fact.
// eslint-plugin-boundaries resolves each import to the file it lands in, so a relative path
// cannot hide where it goes.
import boundaries from 'eslint-plugin-boundaries';

/** Each top-level folder is one room. */
const rooms = [
  { type: 'contract', pattern: 'electron/contract' },
  { type: 'core', pattern: 'electron/core' },
  { type: 'main', pattern: 'electron/main' },
  { type: 'preload', pattern: 'electron/preload' },
  { type: 'host', pattern: 'electron/host' },
  { type: 'shell', pattern: 'electron/shell' },
  { type: 'sandbox', pattern: 'electron/sandbox' },
  { type: 'cli', pattern: 'electron/cli' },
  { type: 'renderer', pattern: 'renderer' },
];

/** Who may import whom. Anything not listed is refused. */
const allowed = {
  contract: ['contract'],
  core: ['core', 'contract'],
  sandbox: ['sandbox', 'contract'],
  cli: ['cli', 'core', 'contract'],
  host: ['host', 'shell', 'core', 'contract', 'sandbox'],
  // What both shells (Electron main, the browser host) serve the same way; the sandbox port
  // starts the sandbox marketplace in the shell's process when the seller asks for it.
  shell: ['shell', 'core', 'contract', 'sandbox'],
  main: ['main', 'shell', 'core', 'contract'],
  preload: ['preload', 'contract'],
  renderer: ['renderer', 'contract'],
};

const electronOnlyInShell = {
  name: 'electron',
  message: "Only electron/main and the preload import 'electron'; this room runs under plain Node.",
};
const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'net'];
const nodeLibraries = ['better-sqlite3', 'undici'];
/** The store's connection is private to it; tests plant and inspect rows through this module. */
const storeTestingOnly = {
  group: ['**/store/testing', '**/store/testing.ts'],
  message:
    'core/store/testing.ts is for tests only: production code uses the Store interfaces (docs/ARCHITECTURE.md, "The store").',
};

export const layerRules = [
  {
    files: ['electron/**/*.{ts,mts,mjs,js}', 'renderer/**/*.{ts,svelte}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        node: { extensions: ['.ts', '.mts', '.js', '.mjs', '.svelte', '.svelte.ts'] },
      },
      'boundaries/elements': rooms,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{from.type}} may not import {{to.type}}: see "Rooms" in docs/ARCHITECTURE.md',
          policies: Object.entries(allowed).map(([from, to]) => ({
            from: { element: { type: from } },
            allow: { to: { element: { types: { anyOf: to } } } },
          })),
        },
      ],
    },
  },
  {
    files: ['electron/{main,preload}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [storeTestingOnly] }] },
  },
  {
    files: ['electron/{core,cli,sandbox,host,shell,contract}/**/*.ts', 'renderer/**/*.{ts,svelte}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell], patterns: [storeTestingOnly] },
      ],
    },
  },
  {
    files: ['electron/contract/**/*.ts', 'renderer/**/*.{ts,svelte}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell],
          patterns: [
            {
              group: [...nodeBuiltins, ...nodeLibraries],
              message:
                'The contract and the renderer run without Node: reach core through the contract (docs/ARCHITECTURE.md).',
            },
            storeTestingOnly,
          ],
        },
      ],
    },
  },
];
