#!/usr/bin/env node
// The release's smoke test of its installers, on the OS each is built for: every installer
// electron-builder left in dist/ is installed or unpacked as on a seller's machine, then the smoke
// flow (test/e2e/smoke.e2e.test.ts: the sandbox, an offer created, a sync, a quit with exit 0)
// drives the installed app, named to the end-to-end harness by SELLER_DESK_APP_EXECUTABLE. On
// Linux the app gets a display from xvfb-run.
//   node build/scripts/smoke-installers.mjs [dist]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const product = pkg.build.productName;
const macApp = (dir) => join(dir, `${product}.app`, 'Contents', 'MacOS', product);

export const SMOKE_TEST = 'test/e2e/smoke.e2e.test.ts';

/**
 * How each installer of a platform is installed, and where its app's executable then is.
 * @returns {{ installer: string, steps: { command: string, args: string[], cwd?: string }[],
 *   executable: string, cleanup: { command: string, args: string[] }[] }[]}
 */
export function installPlans(platform, distFiles, dist, work) {
  const find = (extension) => {
    const name = distFiles.find((file) => file.endsWith(extension));
    if (!name) throw new Error(`There is no ${extension} installer in ${dist} to test.`);
    return join(dist, name);
  };
  if (platform === 'linux') {
    const appImage = find('.AppImage');
    const unpacked = join(work, 'appimage');
    return [
      {
        installer: appImage,
        // Unpacked rather than mounted: the runner has no FUSE, and the app is the same.
        steps: [
          { command: 'chmod', args: ['+x', appImage] },
          { command: appImage, args: ['--appimage-extract'], cwd: unpacked },
        ],
        // electron-builder names the Linux executable after the package (`name`).
        executable: join(unpacked, 'squashfs-root', pkg.name),
        cleanup: [],
      },
      {
        installer: find('.deb'),
        steps: [{ command: 'sudo', args: ['apt-get', 'install', '-y', find('.deb')] }],
        executable: join('/opt', product, pkg.name),
        cleanup: [{ command: 'sudo', args: ['apt-get', 'remove', '-y', pkg.name] }],
      },
    ];
  }
  if (platform === 'darwin') {
    const mounted = join(work, 'dmg');
    const unzipped = join(work, 'zip');
    return [
      {
        installer: find('.dmg'),
        steps: [
          {
            command: 'hdiutil',
            args: ['attach', '-nobrowse', '-readonly', '-mountpoint', mounted, find('.dmg')],
          },
        ],
        executable: macApp(mounted),
        cleanup: [{ command: 'hdiutil', args: ['detach', mounted] }],
      },
      {
        installer: find('.zip'),
        steps: [{ command: 'ditto', args: ['-x', '-k', find('.zip'), unzipped] }],
        executable: macApp(unzipped),
        cleanup: [],
      },
    ];
  }
  if (platform === 'win32') {
    const installed = join(work, 'nsis');
    return [
      {
        installer: find('.exe'),
        // NSIS: /S installs silently; /D= (last, unquoted) is the folder.
        steps: [{ command: find('.exe'), args: ['/S', `/D=${installed}`] }],
        executable: join(installed, `${product}.exe`),
        cleanup: [],
      },
    ];
  }
  throw new Error(`No installer is built for ${platform}.`);
}

/** The smoke flow's command on a platform, against one installed app. */
export function smokeCommand(platform) {
  const vitest = ['npx', 'vitest', 'run', SMOKE_TEST];
  return platform === 'linux' ? ['xvfb-run', '-a', ...vitest] : vitest;
}

function run(command, args, options = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  // npx is a .cmd on Windows, which only a shell starts.
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    shell: process.platform === 'win32' && command === 'npx',
    ...options,
  });
  if (result.status !== 0) {
    throw new Error(`${command} failed (${result.error?.message ?? `exit ${result.status}`}).`);
  }
}

function main(dist) {
  const work = mkdtempSync(join(tmpdir(), 'seller-desk-smoke-'));
  const plans = installPlans(process.platform, readdirSync(dist), dist, work);
  for (const plan of plans) {
    console.log(`\nSmoke test of ${plan.installer}`);
    for (const step of plan.steps) {
      if (step.cwd) mkdirSync(step.cwd, { recursive: true });
      run(step.command, step.args, { cwd: step.cwd });
    }
    try {
      const [command, ...args] = smokeCommand(process.platform);
      run(command, args, {
        cwd: root,
        env: { ...process.env, SELLER_DESK_APP_EXECUTABLE: plan.executable },
      });
    } finally {
      for (const step of plan.cleanup) run(step.command, step.args);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    main(resolve(process.argv[2] ?? 'dist'));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
