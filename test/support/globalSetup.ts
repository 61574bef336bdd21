// Before any test file: the end-to-end target is chosen once (a browser unpacked if need be, the
// Electron build of better-sqlite3 made) and named, so a run says what it drove, and a machine
// without any browser gets one sentence instead of a failure per flow.
import { NoBrowserError } from './browser';
import { describeTarget, e2eTarget, prepareTarget } from './e2eTarget';

/** Files that open a browser: every flow, the component screenshots, the core host's e2e. */
const BROWSER_FILES = /e2e|screenshots|corehost|support/;

/** A run of named files that needs no browser (`vitest run test/store`) does not look for one. */
function needsBrowser(argv: readonly string[]): boolean {
  const at = argv.findIndex((arg) => arg === 'run' || arg.endsWith('vitest.mjs'));
  const filters = argv.slice(at + 1).filter((arg) => !arg.startsWith('-') && arg !== 'run');
  return filters.length === 0 || filters.some((filter) => BROWSER_FILES.test(filter));
}

/**
 * Each project runs the global setup, each with a fresh import of this module: the run's own
 * environment remembers that the target was chosen and named.
 */
const CHOSEN = 'SELLER_DESK_E2E_TARGET_CHOSEN';

export default async function setup(): Promise<void> {
  if (!needsBrowser(process.argv) || process.env[CHOSEN]) return;
  await chooseTarget();
  process.env[CHOSEN] = '1';
}

async function chooseTarget(): Promise<void> {
  try {
    const target = await e2eTarget();
    prepareTarget(target);
    console.log(`End-to-end flows drive ${describeTarget(target)}.`);
  } catch (error) {
    if (!(error instanceof NoBrowserError)) throw error;
    // The sentence alone: its stack would only say where the resolver gave up.
    const sentence = new Error(error.message);
    sentence.stack = error.message;
    throw sentence;
  }
}
