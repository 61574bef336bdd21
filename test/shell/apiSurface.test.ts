// What the renderer can reach: `window.sellerDesk`, enumerated from `buildApi` and from the real
// preload bundle (evaluated with a stand-in `electron`). It has one method per contract channel
// plus `on` and `fileRef`, and no output anywhere carries the token or a credential secret.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SellerDeskApi, Transport } from '../../electron/contract/ipc';
import {
  buildApi,
  channelNames,
  channels,
  eventNames,
  events,
  FILE_GRANT_CHANNEL,
} from '../../electron/contract/ipc';

const root = resolve(import.meta.dirname, '../..');

/** Every member path of the API object (`offers.get`, `on`, …). */
function memberPaths(api: object): string[] {
  return Object.entries(api).flatMap(([key, value]) =>
    typeof value === 'function'
      ? [key]
      : Object.entries(value as object).map(([method, fn]) => {
          expect(typeof fn).toBe('function');
          return `${key}.${method}`;
        }),
  );
}

const expectedMembers = [...channelNames, 'on', 'fileRef'].sort();

/** A JSON schema's type, with `T | null` read as T. */
function typeOf(schema: unknown): unknown {
  const s = schema as { type?: unknown; anyOf?: { type?: unknown }[] };
  if (Array.isArray(s.type)) {
    const types = s.type.filter((t) => t !== 'null');
    return types.length === 1 ? types[0] : undefined;
  }
  if (s.type) return s.type;
  const types = (s.anyOf ?? []).map((o) => o.type).filter((t) => t !== 'null');
  return types.length === 1 ? types[0] : undefined;
}

/** Property names anywhere in a JSON schema, with their declared type. */
function properties(schema: unknown, out: [string, unknown][] = []): [string, unknown][] {
  if (Array.isArray(schema)) schema.forEach((s) => properties(s, out));
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object') {
        for (const [name, sub] of Object.entries(value)) out.push([name, typeOf(sub)]);
      }
      properties(value, out);
    }
  }
  return out;
}

const SECRET_NAME = /token|password|secret|^login$|^email$|api_?key|authorization/i;

describe('window.sellerDesk', () => {
  it('built from the contract has exactly the channels, on and fileRef', async () => {
    const sent: string[] = [];
    const transport: Transport = {
      invoke: async (channel) => (sent.push(channel), { ok: true, value: null }),
      subscribe: () => () => {},
      fileRef: async () => 'ref',
    };
    const api = buildApi(transport);
    expect(memberPaths(api).sort()).toEqual(expectedMembers);
    for (const name of channelNames) {
      const [ns, method] = name.split('.') as [string, string];
      await (api as unknown as Record<string, Record<string, (i?: unknown) => Promise<unknown>>>)[
        ns
      ]![method]!();
    }
    expect(sent).toEqual(channelNames);
    expect(() => api.on('token.read' as never, () => {})).toThrow(/Unknown event/);
  });

  it('has no output (result or event) that carries the token or a credential secret', () => {
    const leaks: string[] = [];
    const outputs: [string, z.ZodType][] = [
      ...channelNames.map((n) => [n, channels[n].output] as [string, z.ZodType]),
      ...eventNames.map((n) => [`event ${n}`, events[n]] as [string, z.ZodType]),
    ];
    for (const [name, schema] of outputs) {
      const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
      for (const [field, type] of properties(json)) {
        // "is a token set / valid" are answers the renderer may have.
        if (SECRET_NAME.test(field) && type !== 'boolean') leaks.push(`${name}: ${field}`);
      }
    }
    expect(leaks).toEqual([]);
    // The walk does see nested fields: the credential edit input has a password, outputs don't.
    const input = properties(z.toJSONSchema(channels['credentials.update'].input));
    expect(input.map(([f]) => f)).toContain('game_password');
  });

  it('strips credentials from an offer even if a handler passed them along', () => {
    const credentials = [{ login: 'acc1', game_password: 'hunter2' }];
    const parsed = channels['offers.get'].output.shape.fields.parse({
      price_per_step: 1,
      credentials,
    });
    expect(JSON.stringify(parsed)).not.toContain('hunter2');
  });

  it('from the real preload bundle exposes only that API, over prefixed IPC', async () => {
    const bundle = await build({
      absWorkingDir: root,
      entryPoints: ['electron/preload/index.ts'],
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'browser',
      alias: { electron: './test/shell/fixtures/fakeElectron.cjs' },
      logLevel: 'silent',
    });
    const code = bundle.outputFiles[0]!.text;
    // The production preload requires only electron (sandboxed preloads have nothing else).
    const production = readFileSync(join(root, 'electron/preload/index.ts'), 'utf8');
    expect([...production.matchAll(/from '([^']+)'/g)].map((m) => m[1])).toEqual([
      'electron',
      'electron',
      '../contract/ipc',
      '../contract/ipc',
    ]);

    interface FakeRecord {
      exposed: [string, SellerDeskApi][];
      invoked: [string, unknown][];
      listeners: Map<string, (event: unknown, payload: unknown) => void>;
      removed: string[];
    }
    // The fake plays main: it grants a dropped file on the channel main listens on.
    const sandbox = {
      __fakeElectron: { grantChannel: FILE_GRANT_CHANNEL },
      globalThis: {} as Record<string, unknown>,
    };
    sandbox.globalThis = sandbox as unknown as Record<string, unknown>;
    runInNewContext(code, sandbox);
    const fake = (sandbox as unknown as { __fakeElectron: FakeRecord }).__fakeElectron;

    expect(fake.exposed.map(([name]) => name)).toEqual(['sellerDesk']);
    const api = fake.exposed[0]![1];
    expect(memberPaths(api).sort()).toEqual(expectedMembers);

    await expect(api.offers.get({ localId: 9 })).resolves.toEqual({
      ok: true,
      value: 'seller-desk:offers.get',
    });
    expect(fake.invoked).toEqual([['seller-desk:offers.get', { localId: 9 }]]);

    const payloads: unknown[] = [];
    const off = api.on('sync.status', (payload) => payloads.push(payload));
    const forward = fake.listeners.get('seller-desk:sync.status')!;
    forward({ sender: 'the IPC event must not reach the page' }, { running: true });
    expect(payloads).toEqual([{ running: true }]);
    off();
    expect(fake.listeners.has('seller-desk:sync.status')).toBe(false);

    await expect(api.fileRef({ path: '/home/s/creds.txt' } as unknown as File)).resolves.toBe(
      '/home/s/creds.txt',
    );
    // The path was granted to main over the private channel main listens on.
    expect(fake.invoked.at(-1)).toEqual([FILE_GRANT_CHANNEL, '/home/s/creds.txt']);
    await expect(api.fileRef({} as File)).rejects.toThrow(/no path/);
  });
});
