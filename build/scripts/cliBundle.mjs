// `seller-desk` as one ES module, out/cli/seller-desk.mjs, so that an installed Seller Desk runs
// its command line on plain Node: no bundler and no TypeScript loader at run time (both are
// devDependencies). `npm run build` makes it; in a development checkout bin/seller-desk.mjs
// remakes it whenever a source file it holds has changed. The production dependencies stay
// external: they are installed beside it, and better-sqlite3 is native.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

export const CLI_ENTRY = 'electron/cli/main.ts';
/**
 * Worker threads the core starts from files next to the module that starts them
 * (importCredentialsInWorker.ts, readXlsxInWorker.ts, store/checkpointer.ts): emitted beside the
 * bundle, as CommonJS.
 */
const CLI_WORKERS = {
  'credential-import-worker': 'electron/core/imports/credentials/credentialImportWorker.ts',
  'xlsx-read-worker': 'electron/core/imports/sheets/xlsxReadWorker.ts',
  // pull, push and sync checkpoint the WAL on their own thread, as the app does.
  'wal-checkpointer': 'electron/core/store/checkpointerWorker.mjs',
};
export const CLI_BUNDLE = 'out/cli/seller-desk.mjs';
/** The sources the bundle holds and when it was made: what `cliBundleIsFresh` compares. */
const CLI_MANIFEST = 'out/cli/inputs.json';

/** Whether the bundle under `root` is newer than every source file it was made from. */
export function cliBundleIsFresh(root) {
  try {
    const { builtAt, inputs } = JSON.parse(readFileSync(join(root, CLI_MANIFEST), 'utf8'));
    statSync(join(root, CLI_BUNDLE));
    return inputs.every((file) => statSync(join(root, file)).mtimeMs < builtAt);
  } catch {
    return false;
  }
}

/**
 * Bundles electron/cli into out/cli with the given esbuild. Renames are atomic, so two builds at
 * once (two first runs, or a run during `npm run build`) each install a whole bundle.
 */
export async function buildCliBundle(root, esbuild) {
  const bundleFile = join(root, CLI_BUNDLE);
  const manifestFile = join(root, CLI_MANIFEST);
  mkdirSync(dirname(bundleFile), { recursive: true });
  // Taken before reading any source: an edit made during the build makes the next run rebuild.
  const builtAt = Date.now();
  const suffix = `.${process.pid}.tmp`;
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [CLI_ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: bundleFile + suffix,
    metafile: true,
    logLevel: 'silent',
  });
  const workerDir = `${dirname(bundleFile)}/workers${suffix}`;
  // A partial checkout (tests of this script) may hold the CLI alone.
  const presentWorkers = Object.fromEntries(
    Object.entries(CLI_WORKERS).filter(([, source]) => existsSync(join(root, source))),
  );
  const workers = await esbuild.build({
    absWorkingDir: root,
    entryPoints: presentWorkers,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    outdir: workerDir,
    outExtension: { '.js': '.cjs' },
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = [
    ...new Set([...Object.keys(result.metafile.inputs), ...Object.keys(workers.metafile.inputs)]),
  ];
  writeFileSync(manifestFile + suffix, JSON.stringify({ builtAt, inputs }));
  for (const name of Object.keys(presentWorkers)) {
    renameSync(join(workerDir, `${name}.cjs`), join(dirname(bundleFile), `${name}.cjs`));
  }
  rmSync(workerDir, { recursive: true, force: true });
  renameSync(bundleFile + suffix, bundleFile);
  renameSync(manifestFile + suffix, manifestFile);
}
