// The check's compact hash index answers as a Map of hash → marks would: for SHA-256 hex in either
// case, hashes sharing their first bytes (the slot they start from), anything else kept exact, and
// across its growth past the first thousand hashes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { credentialHash } from '../../electron/core/credentials/hash';
import { HashMarks } from '../../electron/core/imports/credentials/hashMarks';

// Few distinct tails after a shared head: probes run past taken slots.
const hex = fc
  .tuple(
    fc.constantFrom('00000000', 'ffffffff', 'deadbeef'),
    fc.array(fc.constantFrom('0', '1', 'a', 'F'), { minLength: 56, maxLength: 56 }),
  )
  .map(([head, tail]) => head + tail.join(''));
const other = fc.constantFrom('', 'not-a-hash', 'g'.repeat(64), '0'.repeat(63));
const op = fc.tuple(fc.oneof(hex, other), fc.constantFrom(0, 1, 2, 3));

describe('hash marks', () => {
  it('answers as a Map of hash to marks would', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.array(fc.oneof(hex, other)), (ops, asks) => {
        const marks = new HashMarks();
        const expected = new Map<string, number>();
        // Upper and lower case hex are the same digest (credentialHash writes lower case).
        const key = (h: string) => (/^[0-9a-f]{64}$/i.test(h) ? h.toLowerCase() : h);
        for (const [hash, mark] of ops) {
          if (mark === 0) {
            expect(marks.marksOf(hash)).toBe(expected.get(key(hash)) ?? 0);
            continue;
          }
          marks.mark(hash, mark);
          expected.set(key(hash), (expected.get(key(hash)) ?? 0) | mark);
        }
        for (const hash of [...asks, ...ops.map(([h]) => h)]) {
          expect(marks.marksOf(hash)).toBe(expected.get(key(hash)) ?? 0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every one of 50,000 real hashes apart while it grows', () => {
    const marks = new HashMarks();
    for (let i = 0; i < 50_000; i++) marks.mark(credentialHash(`login${i}`), i % 2 ? 1 : 2);
    for (let i = 0; i < 50_000; i++) {
      expect(marks.marksOf(credentialHash(`login${i}`))).toBe(i % 2 ? 1 : 2);
    }
    expect(marks.marksOf(credentialHash('login50000'))).toBe(0);
  });

  it('sized for the hashes a commit expects (not a power of two), and past that size', () => {
    // A commit sizes it from the preview's row count; a file that changed since brings more.
    const marks = new HashMarks(3_000);
    for (let i = 0; i < 7_000; i++) marks.mark(credentialHash(`login${i}`), i + 1);
    for (let i = 0; i < 7_000; i++) expect(marks.marksOf(credentialHash(`login${i}`))).toBe(i + 1);
    expect(marks.marksOf(credentialHash('login7000'))).toBe(0);
  });
});
