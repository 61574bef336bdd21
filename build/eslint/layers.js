// The rooms of the house and which may import which (docs/ARCHITECTURE.md, "Rooms"). In ESLint,
// so an editor underlines a wrong import as it is typed, not only a test after the fact.
// eslint-plugin-boundaries resolves each import to the file it lands in, so a relative path
// cannot hide where it goes.
import boundaries from 'eslint-plugin-boundaries';

/**
 * Each top-level folder is one room; inside core, the use cases, the store, the sync engine and
 * the app's facade are rooms of their own (the first pattern that matches a file wins).
 */
const rooms = [
  { type: 'contract', pattern: 'electron/contract' },
  { type: 'usecases', pattern: 'electron/core/usecases' },
  { type: 'store', pattern: 'electron/core/store' },
  { type: 'sync', pattern: 'electron/core/sync' },
  { type: 'app', pattern: 'electron/core/app' },
  { type: 'corehost', pattern: 'electron/corehost' },
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
  // The parts of core the use cases stand on (api, limits, imports, secrets, screenshots, …).
  core: ['core', 'contract'],
  // Private to core: only the use cases (and the engine, for the store) reach them.
  store: ['store', 'core', 'contract'],
  sync: ['sync', 'store', 'core', 'contract'],
  // One door: every seller intent, shared by the app and the command line.
  usecases: ['usecases', 'store', 'sync', 'core', 'contract'],
  // The fronts: they adapt input and output and call the use cases, never the store or sync.
  app: ['app', 'usecases', 'core', 'contract'],
  cli: ['cli', 'usecases', 'core', 'contract'],
  sandbox: ['sandbox', 'contract'],
  // The core's own thread and the parent's end of its port (docs/ARCHITECTURE.md, "Processes").
  corehost: ['corehost', 'app', 'usecases', 'core', 'contract'],
  host: ['host', 'corehost', 'shell', 'app', 'usecases', 'core', 'contract', 'sandbox'],
  // What both shells (Electron main, the browser host) serve the same way; the sandbox port
  // starts the sandbox marketplace in the shell's process when the seller asks for it.
  shell: ['shell', 'app', 'usecases', 'core', 'contract', 'sandbox'],
  main: ['main', 'corehost', 'shell', 'app', 'usecases', 'core', 'contract'],
  preload: ['preload', 'contract'],
  renderer: ['renderer', 'contract'],
};

const electronOnlyInShell = {
  name: 'electron',
  message: "Only electron/main and the preload import 'electron'; this room runs under plain Node.",
};
const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'net'];
const nodeLibraries = ['better-sqlite3', 'undici'];
/**
 * The only packages the contract stands on: it runs in core, main, the CLI and the renderer
 * alike, so each must run in Node and the browser. zod checks what crosses a wall;
 * intl-messageformat (formatjs) formats the catalogues' ICU messages (docs/ARCHITECTURE.md, "Languages").
 */
export const contractPackages = ['zod', 'intl-messageformat'];
/** The store's connection is private to it; tests plant and inspect rows through this module. */
const storeTestingOnly = {
  group: ['**/store/testing', '**/store/testing.ts'],
  message:
    'core/store/testing.ts is for tests only: production code uses the Store interfaces (docs/ARCHITECTURE.md, "The store").',
};

/** The contract and the renderer run where Node does not: a browser page as much as core. */
const withoutNode = {
  group: [...nodeBuiltins, ...nodeLibraries],
  message:
    'The contract and the renderer run without Node: reach core through the contract (docs/ARCHITECTURE.md).',
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
    files: [
      'electron/{core,corehost,cli,sandbox,host,shell,contract}/**/*.ts',
      'renderer/**/*.{ts,svelte}',
    ],
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
          patterns: [withoutNode, storeTestingOnly],
        },
      ],
    },
  },
  {
    // The contract's own rule (it replaces the one above for these files, so it repeats it).
    files: ['electron/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell],
          patterns: [
            withoutNode,
            storeTestingOnly,
            {
              regex: `^(?!\\.|(${contractPackages.join('|')})(/|$))`,
              message: `The contract imports only ${contractPackages.join(', ')} among packages: it runs in Node and the browser alike (docs/ARCHITECTURE.md, "Rooms").`,
            },
          ],
        },
      ],
    },
  },
];
