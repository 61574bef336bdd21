// The one-way dependencies of docs/ARCHITECTURE.md ("Rooms"), checked from the import text.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  const abs = join(root, dir);
  let entries: string[];
  try {
    entries = readdirSync(abs);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(abs, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return sourceFiles(relative(root, path));
    return /\.(ts|mts|cts|js|mjs|svelte)$/.test(name) ? [relative(root, path)] : [];
  });
}

const importPattern =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
}

/** A relative import as the repository path it lands in (`./electron/core/…`), else the package. */
function target(file: string, spec: string): string {
  if (spec.startsWith('.')) {
    return (
      './' +
      relative(root, resolve(dirname(join(root, file)), spec))
        .split(sep)
        .join('/')
    );
  }
  return spec;
}

function violations(dirs: string[], forbidden: (t: string) => boolean): string[] {
  return dirs.flatMap(sourceFiles).flatMap((file) =>
    importsOf(file)
      .map((spec) => target(file, spec))
      .filter(forbidden)
      .map((t) => `${file} imports ${t}`),
  );
}

const isElectron = (t: string) => t === 'electron' || t.startsWith('electron/');
const inRepo = (t: string, pattern: RegExp) => t.startsWith('./') && pattern.test(t.slice(2));
const isNode = (t: string) =>
  t.startsWith('node:') ||
  [
    'fs',
    'path',
    'os',
    'child_process',
    'crypto',
    'http',
    'net',
    'better-sqlite3',
    'undici',
  ].includes(t);

describe('layering', () => {
  it('finds the source folders it polices', () => {
    expect(sourceFiles('electron/core').length).toBeGreaterThan(0);
  });

  it('only electron/main and the preload import electron', () => {
    const dirs = [
      'electron/core',
      'electron/corehost',
      'electron/contract',
      'electron/sandbox',
      'electron/cli',
      'electron/host',
      'electron/shell',
      'renderer',
    ];
    expect(violations(dirs, isElectron)).toEqual([]);
  });

  it('core, corehost, sandbox, cli, host and shell never reach into main, preload or the renderer', () => {
    const dirs = [
      'electron/core',
      'electron/corehost',
      'electron/sandbox',
      'electron/cli',
      'electron/host',
      'electron/shell',
    ];
    const up = (t: string) => inRepo(t, /^(electron\/(main|preload)|renderer)(\/|$)/);
    expect(violations(dirs, up)).toEqual([]);
  });

  it('the renderer imports neither core nor Node, only the contract', () => {
    const reach = (t: string) =>
      isNode(t) ||
      inRepo(t, /^electron\/(core|corehost|main|preload|sandbox|cli|host|shell)(\/|$)/);
    expect(violations(['renderer'], reach)).toEqual([]);
  });

  it('the contract imports neither Node, the DOM side, nor any other layer', () => {
    const reach = (t: string) =>
      isNode(t) || isElectron(t) || inRepo(t, /^(electron\/(?!contract)|renderer)/);
    expect(violations(['electron/contract'], reach)).toEqual([]);
  });

  it('the contract stands on no package but zod and intl-messageformat (Node and browser alike)', () => {
    const isPackage = (t: string) => !t.startsWith('./');
    const otherPackage = (t: string) =>
      isPackage(t) && !['zod', 'intl-messageformat'].includes(t.split('/')[0] ?? t);
    expect(violations(['electron/contract'], otherPackage)).toEqual([]);
  });

  it('the sandbox stands apart from core: it imports only itself and the contract', () => {
    const reach = (t: string) => inRepo(t, /^(electron\/(?!(contract|sandbox)\/)|renderer)/);
    expect(violations(['electron/sandbox'], reach)).toEqual([]);
  });

  it('main imports no host file: what both shells use lives in electron/shell', () => {
    expect(violations(['electron/main'], (t) => inRepo(t, /^electron\/host(\/|$)/))).toEqual([]);
  });

  it("the core's thread and its port stand below the shells: corehost imports no host, shell or sandbox", () => {
    const reach = (t: string) => inRepo(t, /^electron\/(host|shell|sandbox|cli)(\/|$)/);
    expect(violations(['electron/corehost'], reach)).toEqual([]);
  });

  it('the preload holds no logic: it imports only electron and the contract', () => {
    const reach = (t: string) => !isElectron(t) && !inRepo(t, /^electron\/contract(\/|$)/);
    expect(violations(['electron/preload'], reach)).toEqual([]);
  });

  it('the fronts neither import the store or sync engine nor open the store through a profile', () => {
    const fronts = [
      'electron/cli',
      'electron/core/app',
      'electron/corehost',
      'electron/main',
      'electron/host',
      'electron/shell',
    ];
    const privateRooms = (t: string) => inRepo(t, /^electron\/core\/(store|sync)(\/|$)/);
    expect(violations(fronts, privateRooms)).toEqual([]);
    const reachingIn = fronts
      .flatMap(sourceFiles)
      .filter((file) => /\.(store|keyring)\(\)/.test(readFileSync(join(root, file), 'utf8')));
    expect(reachingIn).toEqual([]);
  });

  it('a forbidden import is caught (the rule itself works)', () => {
    const file = 'electron/core/x.ts';
    expect(isElectron(target(file, 'electron'))).toBe(true);
    expect(isElectron(target(file, './api/wire'))).toBe(false);
    const fromRenderer = target('renderer/src/a.ts', '../../electron/core/store/db');
    expect(inRepo(fromRenderer, /^electron\/core\//)).toBe(true);
  });
});
