// The workflows cannot run here; this proves they parse, have the shape GitHub Actions reads,
// build, install and smoke-test every OS's installers, publish only signed, pin every action by
// commit, and use secrets only where they are meant to go.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RELEASE_SECRETS } from '../../build/scripts/release-secrets.mjs';
import { installPlans, smokeCommand, SMOKE_TEST } from '../../build/scripts/smoke-installers.mjs';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const pkg = JSON.parse(read('package.json'));

const step = z
  .object({
    name: z.string().optional(),
    if: z.string().optional(),
    uses: z
      .string()
      .regex(/^[\w-]+\/[\w-]+@[0-9a-f]{40}$/)
      .optional(),
    run: z.string().optional(),
    with: z.record(z.string(), z.unknown()).optional(),
    env: z.record(z.string(), z.string()).optional(),
  })
  .strict()
  .refine((s) => (s.uses === undefined) !== (s.run === undefined), 'a step either uses or runs');

const permissions = z.record(z.string(), z.enum(['read', 'write']));

const job = z
  .object({
    name: z.string(),
    'runs-on': z.string(),
    container: z.string().optional(),
    needs: z.union([z.string(), z.array(z.string())]).optional(),
    if: z.string().optional(),
    permissions: permissions.optional(),
    'timeout-minutes': z.number().max(60),
    strategy: z
      .object({
        'fail-fast': z.boolean(),
        matrix: z.union([
          z.object({
            include: z.array(
              z.object({ os: z.string(), arch: z.enum(['x64', 'arm64']), targets: z.string() }),
            ),
          }),
          z.object({ os: z.array(z.string()) }),
        ]),
      })
      .optional(),
    steps: z.array(step).min(1),
  })
  .strict();

const workflow = z
  .object({
    name: z.string(),
    on: z.record(z.string(), z.unknown()),
    permissions,
    concurrency: z.object({ group: z.string(), 'cancel-in-progress': z.boolean() }),
    jobs: z.record(z.string(), job),
  })
  .strict();

const WORKFLOWS = ['.github/workflows/ci.yml', '.github/workflows/release.yml'];
const TAG = "startsWith(github.ref, 'refs/tags/v')";

function load(path: string) {
  return workflow.parse(parse(read(path)));
}

type Job = z.infer<typeof job>;
const runs = (j: Job) => j.steps.map((s) => s.run ?? '').join('\n');
const stepIndex = (j: Job, match: (s: Job['steps'][number]) => boolean) => j.steps.findIndex(match);

describe('the GitHub workflows', () => {
  it('CI runs .ci/run on Debian for pushes and pull requests', () => {
    const ci = load('.github/workflows/ci.yml');
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(ci.permissions).toEqual({ contents: 'read' });
    expect(ci.jobs.test!.container).toMatch(/bookworm/);
    expect(runs(ci.jobs.test!)).toContain('bash .ci/run');
  });

  it('CI runs the flows on the Electron app on Windows, macOS and Linux (there under Xvfb)', () => {
    const e2e = load('.github/workflows/ci.yml').jobs.e2e!;
    const matrix = e2e.strategy!.matrix;
    expect('os' in matrix && [...matrix.os].sort()).toEqual([
      'macos-latest',
      'ubuntu-latest',
      'windows-latest',
    ]);
    const commands = runs(e2e);
    for (const command of [
      'npm ci',
      'node node_modules/electron/install.js',
      'npm run build',
      'build/scripts/electron-native.mjs',
      'xvfb-run -a npx vitest run test/e2e',
    ]) {
      expect(commands).toContain(command);
    }
  });

  it('a tag builds, tests and packages on Windows, macOS and Linux', () => {
    const release = load('.github/workflows/release.yml');
    expect(release.on.push).toEqual({ tags: ['v*'] });
    expect(release.on).toHaveProperty('workflow_dispatch');
    expect(runs(release.jobs.test!)).toContain('bash .ci/run');
    const pack = release.jobs.package!;
    expect(pack.needs).toBe('test');
    const packMatrix = pack.strategy!.matrix;
    const matrix = 'include' in packMatrix ? packMatrix.include : [];
    expect(matrix.map((m) => m.os).sort()).toEqual([
      'macos-latest',
      'ubuntu-latest',
      'windows-latest',
    ]);
    const targets = matrix.map((m) => m.targets).join(' ');
    for (const target of ['nsis', 'dmg', 'zip', 'AppImage', 'deb'])
      expect(targets).toContain(target);
    const commands = runs(pack);
    for (const command of [
      'npm ci',
      'npm run check',
      'npm run build',
      'build/scripts/electron-native.mjs --arch=${{ matrix.arch }}',
      'npx electron-builder ${{ matrix.targets }} --${{ matrix.arch }} --publish never',
    ]) {
      expect(commands).toContain(command);
    }
    // The feed files electron-updater reads are kept for the publishing job.
    const upload = pack.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(String(upload?.with?.path)).toContain('dist/latest*.yml');
  });

  it('installs each installer on its own OS and runs the smoke flow in it before uploading', () => {
    const pack = load('.github/workflows/release.yml').jobs.package!;
    const built = stepIndex(pack, (s) => s.name === 'Installers');
    const smoke = stepIndex(pack, (s) => s.run === 'node build/scripts/smoke-installers.mjs dist');
    const sandbox = stepIndex(pack, (s) => s.if === "runner.os == 'Linux'");
    const upload = stepIndex(pack, (s) => s.uses?.startsWith('actions/upload-artifact@') ?? false);
    expect(built).toBeGreaterThan(0);
    expect([built < sandbox, sandbox < smoke, smoke < upload]).toEqual([true, true, true]);
    expect(pack.steps[sandbox]!.run).toBe(
      'sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0',
    );

    // Each OS's plan covers the installers its matrix row builds, and names the installed app.
    const product = pkg.build.productName;
    const files = ['a.exe', 'a.dmg', 'a.zip', 'a.AppImage', 'a.deb', 'latest.yml'];
    const plan = (os: NodeJS.Platform) =>
      installPlans(os, files, '/dist', '/work').map((p) => [p.installer, p.executable]);
    expect(plan('win32')).toEqual([['/dist/a.exe', `/work/nsis/${product}.exe`]]);
    expect(plan('darwin')).toEqual([
      ['/dist/a.dmg', `/work/dmg/${product}.app/Contents/MacOS/${product}`],
      ['/dist/a.zip', `/work/zip/${product}.app/Contents/MacOS/${product}`],
    ]);
    expect(plan('linux')).toEqual([
      ['/dist/a.AppImage', `/work/appimage/squashfs-root/${pkg.name}`],
      ['/dist/a.deb', `/opt/${product}/${pkg.name}`],
    ]);
    expect(() => installPlans('linux', ['a.AppImage'], '/dist', '/work')).toThrow(
      'There is no .deb installer in /dist to test.',
    );
    expect(smokeCommand('linux')).toEqual(['xvfb-run', '-a', 'npx', 'vitest', 'run', SMOKE_TEST]);
    expect(smokeCommand('win32')).toEqual(['npx', 'vitest', 'run', SMOKE_TEST]);
    expect(read(SMOKE_TEST)).toBeTruthy();
  });

  it('a tag is released signed or not at all, and only the publishing job may write', () => {
    const release = load('.github/workflows/release.yml');
    // Every secret a tag needs is checked before anything is built.
    const test = release.jobs.test!;
    const gate = test.steps.find((s) => s.run === 'node build/scripts/release-secrets.mjs')!;
    expect(gate.if).toBe(TAG);
    expect(test.steps.indexOf(gate)).toBeLessThan(stepIndex(test, (s) => s.run === 'bash .ci/run'));
    expect(Object.keys(gate.env!).sort()).toEqual(Object.values(RELEASE_SECRETS).flat().sort());
    for (const [name, value] of Object.entries(gate.env!)) {
      expect(value).toBe(`\${{ secrets.${name} != '' && 'true' || 'false' }}`);
    }

    expect(release.permissions).toEqual({ contents: 'read' });
    const writers = Object.entries(release.jobs).filter(([, j]) =>
      Object.values(j.permissions ?? {}).includes('write'),
    );
    expect(writers.map(([id]) => id)).toEqual(['publish']);
    const publish = release.jobs.publish!;
    expect(publish.permissions).toEqual({ contents: 'write' });
    expect([publish.needs, publish.if]).toEqual(['package', TAG]);
    const order = [
      stepIndex(publish, (s) => s.uses?.startsWith('actions/download-artifact@') ?? false),
      stepIndex(publish, (s) => s.run === 'npx tsx build/scripts/sign-updates.ts dist'),
      stepIndex(publish, (s) => /^gh release create .* --draft /.test(s.run ?? '')),
    ];
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(publish.steps[order[1]!]!.env).toEqual({
      UPDATE_SIGNING_KEY: '${{ secrets.UPDATE_SIGNING_KEY }}',
    });
    // The package jobs run third-party install scripts: they publish nothing.
    expect(runs(release.jobs.package!)).not.toMatch(/--publish (always|onTag)|gh release/);
    // GitHub release assets cannot have spaces: the feeds name the files as electron-builder
    // wrote them only when the artifact names have none.
    expect(pkg.build.artifactName).toBe('${name}-${version}-${os}-${arch}.${ext}');
  });

  it('the secrets check fails a tag missing any signing secret, naming each', () => {
    const names = Object.values(RELEASE_SECRETS).flat();
    const check = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['build/scripts/release-secrets.mjs'], {
        cwd: root,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, ...env },
      });
    const all = Object.fromEntries(names.map((name) => [name, 'true']));
    expect(check(all).status).toBe(0);
    const missing = check({ ...all, UPDATE_SIGNING_KEY: 'false', APPLE_TEAM_ID: 'false' });
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toBe(
      'This tag is not released: a release is never published unsigned, and these secrets are not set: APPLE_TEAM_ID (macOS notarization), UPDATE_SIGNING_KEY (update signing).',
    );
  });

  it('pins every action by full commit SHA, with the release it was taken from beside it', () => {
    for (const path of WORKFLOWS) {
      const lines = read(path)
        .split('\n')
        .filter((line) => /\buses:/.test(line));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line).toMatch(/^\s+- uses: [\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
      }
      // A checkout leaves no token behind for later steps' scripts.
      for (const j of Object.values(load(path).jobs)) {
        for (const s of j.steps.filter((s) => s.uses?.startsWith('actions/checkout@'))) {
          expect(s.with).toEqual({ 'persist-credentials': false });
        }
      }
    }
  });

  it('reads signing secrets only into the steps that sign, never into a command', () => {
    for (const path of WORKFLOWS) {
      const text = read(path);
      // A secret appears only as an env value, never inside a command.
      const flow = load(path);
      for (const j of Object.values(flow.jobs)) {
        for (const s of j.steps) expect(s.run ?? '').not.toMatch(/secrets\.[A-Z]/);
      }
      for (const line of text.split('\n').filter((l) => /secrets\.[A-Z]/.test(l))) {
        expect(line).toMatch(
          /^\s+[A-Z_]+: \$\{\{ secrets\.[A-Z_]+( != '' && 'true' \|\| 'false')? \}\}$/,
        );
      }
    }
    const release = load('.github/workflows/release.yml');
    const installer = release.jobs.package!.steps.find((s) => s.name === 'Installers')!;
    expect(Object.keys(installer.env!)).toEqual(
      expect.arrayContaining(['CSC_LINK', 'WIN_CSC_LINK', 'APPLE_ID', 'APPLE_TEAM_ID']),
    );
    expect(installer.env!.CSC_IDENTITY_AUTO_DISCOVERY).toContain("'false'");
    // The update key and the write token live only in the publishing job.
    for (const [id, j] of Object.entries(release.jobs)) {
      const env = j.steps.flatMap((s) => Object.values(s.env ?? {})).join('\n');
      if (id === 'publish') continue;
      expect(env).not.toContain('secrets.UPDATE_SIGNING_KEY }}');
      expect(env).not.toContain('secrets.GITHUB_TOKEN');
    }
  });

  it('build/README.md points to the release workflow and the update signing', () => {
    const readme = read('build/README.md');
    expect(readme).toContain('.github/workflows/release.yml');
    expect(readme).toContain('build/scripts/sign-updates.ts');
    expect(readme).toContain('UPDATE_SIGNING_KEY');
  });
});
