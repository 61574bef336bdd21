import { describe, expect, it } from 'vitest';
import { PagedRows, type Page } from '../../renderer/src/lib/offerPages';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const range = (offset: number, limit: number, total: number, tag = '') =>
  Array.from(
    { length: Math.max(0, Math.min(limit, total - offset)) },
    (_, i) => `${tag}${offset + i}`,
  );

describe('PagedRows', () => {
  it('fetches only the pages of the rows asked for, once', async () => {
    const asked: number[] = [];
    let changes = 0;
    const rows = new PagedRows<string>(
      async (offset, limit) => {
        asked.push(offset);
        return { rows: range(offset, limit, 100_000), total: 100_000 };
      },
      200,
      () => changes++,
    );
    await Promise.all([rows.ensure(0, 30), rows.ensure(10, 40)]);
    expect(asked).toEqual([0]);
    await rows.ensure(50_190, 50_230);
    expect(asked).toEqual([0, 50_000, 50_200]);
    expect(rows.rowAt(50_210)).toBe('50210');
    expect(rows.rowAt(1000)).toBeUndefined();
    expect(rows.total).toBe(100_000);
    expect(changes).toBe(3);
  });

  it('drops a late answer to an old query after reset', async () => {
    const pending: { d: ReturnType<typeof deferred<Page<string>>>; offset: number }[] = [];
    const rows = new PagedRows<string>(
      (offset) => {
        const d = deferred<Page<string>>();
        pending.push({ d, offset });
        return d.promise;
      },
      10,
      () => {},
    );
    const old = rows.ensure(0, 5);
    rows.reset();
    const fresh = rows.ensure(0, 5);
    pending[1]!.d.resolve({ rows: ['new0'], total: 1 });
    pending[0]!.d.resolve({ rows: ['old0', 'old1'], total: 2 });
    await Promise.all([old, fresh]);
    expect(rows.rowAt(0)).toBe('new0');
    expect(rows.total).toBe(1);
  });

  it('a new query keeps the old rows on screen until its first page replaces them all', async () => {
    let tag = 'old';
    const rows = new PagedRows<string>(
      async (offset, limit) => ({ rows: range(offset, limit, 1000, tag), total: 1000 }),
      10,
      () => {},
    );
    await rows.ensure(0, 25);
    tag = 'new';
    rows.reset();
    expect(rows.rowAt(15)).toBe('old15');
    expect(rows.currentRowAt(15)).toBeUndefined();
    expect(rows.isLoaded(15)).toBe(false);
    await rows.ensure(0, 5);
    expect(rows.rowAt(0)).toBe('new0');
    expect(rows.rowAt(15)).toBeUndefined();
    expect(rows.currentRowAt(0)).toBe('new0');
  });

  it('keeps showing old rows during a refresh, then replaces them', async () => {
    let tag = 'a';
    const rows = new PagedRows<string>(
      async (offset, limit) => ({ rows: range(offset, limit, 50, tag), total: 50 }),
      20,
      () => {},
    );
    await rows.ensure(0, 10);
    tag = 'b';
    rows.invalidate();
    expect(rows.rowAt(3)).toBe('a3');
    const refreshing = rows.ensure(0, 10);
    expect(rows.rowAt(3)).toBe('a3');
    await refreshing;
    expect(rows.rowAt(3)).toBe('b3');
  });

  it('remembers a failed page as an error and fetches it again when asked', async () => {
    let fail = true;
    const rows = new PagedRows<string>(
      async (offset, limit) => {
        if (fail) throw new Error('offline');
        return { rows: range(offset, limit, 5), total: 5 };
      },
      10,
      () => {},
    );
    await rows.ensure(0, 5);
    expect(rows.error).toBeInstanceOf(Error);
    expect(rows.rowAt(0)).toBeUndefined();
    fail = false;
    await rows.ensure(0, 5);
    expect(rows.error).toBeNull();
    expect(rows.rowAt(4)).toBe('4');
  });

  it('holds a bounded number of pages however far the seller scrolls', async () => {
    const rows = new PagedRows<string>(
      async (offset, limit) => ({ rows: range(offset, limit, 1_000_000), total: 1_000_000 }),
      100,
      () => {},
      5,
    );
    for (let p = 0; p < 20; p++) await rows.ensure(p * 100, p * 100 + 10);
    const loaded = Array.from({ length: 20 }, (_, p) => rows.isLoaded(p * 100)).filter(Boolean);
    expect(loaded.length).toBe(5);
    expect(rows.isLoaded(1900)).toBe(true);
    expect(rows.isLoaded(0)).toBe(false);
  });

  it("narrowing shows the loaded rows that still match at once, then the core's answer", async () => {
    let text = '';
    const all = Array.from({ length: 30 }, (_, i) => `row${i}`);
    const answers: { resolve: (p: Page<string>) => void }[] = [];
    const rows = new PagedRows<string>(
      (offset, limit) => {
        const matching = all.filter((r) => r.includes(text));
        if (text === '')
          return Promise.resolve({
            rows: matching.slice(offset, offset + limit),
            total: matching.length,
          });
        return new Promise((resolve) =>
          answers.push({
            resolve: () =>
              resolve({ rows: matching.slice(offset, offset + limit), total: matching.length }),
          }),
        );
      },
      10,
      () => {},
    );
    await rows.ensure(0, 30);
    text = '2';
    rows.narrow((r) => r.includes('2'));
    expect(rows.rowAt(0)).toBe('row2');
    expect(rows.rowAt(1)).toBe('row12');
    expect(rows.total).toBe(12);
    expect(rows.currentRowAt(0)).toBeUndefined();
    const fetching = rows.ensure(0, 10);
    answers[0]!.resolve({ rows: [], total: 0 });
    await fetching;
    expect(rows.currentRowAt(0)).toBe('row2');
    expect(rows.total).toBe(12);
  });

  it('narrowing a partly loaded answer leaves the count to the core', async () => {
    const rows = new PagedRows<string>(
      async (offset, limit) => ({ rows: range(offset, limit, 1000), total: 1000 }),
      10,
      () => {},
    );
    await rows.ensure(0, 10);
    rows.narrow((r) => r.endsWith('5'));
    expect(rows.rowAt(0)).toBe('5');
    expect(rows.total).toBeNull();
  });

  it('a first page asked for earlier is used instead of asking again, or asked for if it failed', async () => {
    const asked: number[] = [];
    const fetchPage = async (offset: number, limit: number) => {
      asked.push(offset);
      return { rows: range(offset, limit, 50), total: 50 };
    };
    const primed = new PagedRows<string>(fetchPage, 10, () => {});
    primed.prime(Promise.resolve({ rows: ['early'], total: 50 }));
    const ensured = primed.ensure(0, 5);
    await ensured;
    await Promise.resolve();
    expect(asked).toEqual([]);
    expect(primed.rowAt(0)).toBe('early');

    const failed = new PagedRows<string>(fetchPage, 10, () => {});
    failed.prime(Promise.resolve(null));
    await failed.ensure(0, 5);
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([0]);
    expect(failed.rowAt(0)).toBe('0');
  });
});
