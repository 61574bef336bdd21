// A tiny client for the conformance suite: real fetch over a real loopback socket.
import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox/index';
import { afterAll, beforeAll } from 'vitest';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Api {
  sandbox: Sandbox;
  token: (sellerId: number) => string;
  // Tests walk JSON bodies freely; their shapes are checked with the wire zod schemas.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call<T = any>(
    method: string,
    path: string,
    opts?: {
      body?: unknown;
      seller?: number;
      token?: string | null;
      headers?: Record<string, string>;
      raw?: RequestInit['body'];
    },
  ): Promise<Answer<T>>;
}

export async function openSandbox(opts: SandboxOptions = {}): Promise<Api> {
  const sandbox = await startSandbox({ port: 0, windowMs: 1000, ...opts });
  const token = (sellerId: number) => {
    const s = sandbox.sellers.find((x) => x.id === sellerId);
    if (!s) throw new Error(`no seller ${sellerId}`);
    return s.token;
  };
  return {
    sandbox,
    token,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
      const t = opts.token === undefined ? token(opts.seller ?? 1) : opts.token;
      if (t !== null) headers.Authorization = `Bearer ${t}`;
      let body: RequestInit['body'] | undefined = opts.raw;
      if (opts.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(opts.body);
      }
      const res = await fetch(sandbox.baseUrl + path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Non-JSON bodies (images) stay text.
      }
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return { status: res.status, body: parsed as any, headers: res.headers };
    },
  };
}

/** One sandbox for the test file, opened before its tests and closed after them. */
export function useSandboxApi(opts: SandboxOptions = {}): Api {
  let api: Api | null = null;
  beforeAll(async () => {
    api = await openSandbox(opts);
  });
  afterAll(() => api?.sandbox.close());
  const opened = () => {
    if (!api) throw new Error('useSandboxApi: call it inside a test or a hook.');
    return api;
  };
  return {
    get sandbox() {
      return opened().sandbox;
    },
    token: (sellerId) => opened().token(sellerId),
    call: ((method, path, callOpts) => opened().call(method, path, callOpts)) as Api['call'],
  };
}
