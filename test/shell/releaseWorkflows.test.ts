// The workflows cannot run here; this proves they parse, have the shape GitHub Actions reads,
// build every OS's installers, and use secrets only where they are meant to go.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const step = z
  .object({
    name: z.string().optional(),
    if: z.string().optional(),
    uses: z
      .string()
      .regex(/^[\w-]+\/[\w-]+@v\d+$/)
      .optional(),
    run: z.string().optional(),
    with: z.record(z.string(), z.unknown()).optional(),
    env: z.record(z.string(), z.string()).optional(),
  })
  .strict()
  .refine((s) => (s.uses === undefined) !== (s.run === undefined), 'a step either uses or runs');

const job = z
  .object({
    name: z.string(),
    'runs-on': z.string(),
    container: z.string().optional(),
    needs: z.union([z.string(), z.array(z.string())]).optional(),
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
    permissions: z.record(z.string(), z.enum(['read', 'write'])),
    concurrency: z.object({ group: z.string(), 'cancel-in-progress': z.boolean() }),
    jobs: z.record(z.string(), job),
  })
  .strict();

function load(path: string) {
  return workflow.parse(parse(read(path)));
}

const runs = (j: z.infer<typeof job>) => j.steps.map((s) => s.run ?? '').join('\n');

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
      'npx electron-builder',
    ]) {
      expect(commands).toContain(command);
    }
    // Publishing only for a tag, and the feed files electron-updater reads are kept.
    expect(commands).toMatch(
      /--publish \$\{\{ startsWith\(github\.ref, 'refs\/tags\/v'\) && 'always' \|\| 'never' \}\}/,
    );
    const upload = pack.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(String(upload?.with?.path)).toContain('dist/latest*.yml');
  });

  it('reads signing secrets only into the installer step, and skips signing without them', () => {
    for (const path of ['.github/workflows/ci.yml', '.github/workflows/release.yml']) {
      const text = read(path);
      // A secret appears only as an env value, never inside a command.
      const flow = load(path);
      for (const j of Object.values(flow.jobs)) {
        for (const s of j.steps) expect(s.run ?? '').not.toMatch(/secrets\./);
      }
      for (const line of text.split('\n').filter((l) => l.includes('secrets.'))) {
        expect(line).toMatch(
          /^\s+[A-Z_]+: \$\{\{ secrets\.[A-Z_]+( != '' && 'true' \|\| 'false')? \}\}$/,
        );
      }
    }
    const installer = load('.github/workflows/release.yml').jobs.package!.steps.find(
      (s) => s.name === 'Installers',
    )!;
    expect(Object.keys(installer.env!)).toEqual(
      expect.arrayContaining(['CSC_LINK', 'APPLE_ID', 'APPLE_TEAM_ID', 'GH_TOKEN']),
    );
    expect(installer.env!.CSC_IDENTITY_AUTO_DISCOVERY).toContain("'false'");
  });

  it('build/README.md points to the release workflow', () => {
    expect(read('build/README.md')).toContain('.github/workflows/release.yml');
  });
});
