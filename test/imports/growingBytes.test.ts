// The preview's packed rows are written straight into one growing buffer: what comes out is the
// UTF-8 of every text written, in order (characters of 1 to 4 bytes cut at no boundary, however
// far off the first size was), and a buffer that can be moved to another thread.
import fc from 'fast-check';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { GrowingBytes } from '../../electron/core/imports/credentials/growingBytes';

const piece = fc.array(fc.constantFrom('a', ',', '\n', 'é', 'Ж', '€', '😀', '"'), {
  maxLength: 300,
});

describe('growing bytes', () => {
  it('holds the UTF-8 of every text written, whatever size it started at', () => {
    fc.assert(
      fc.property(
        fc.array(
          piece.map((p) => p.join('')),
          { maxLength: 40 },
        ),
        fc.nat(3000),
        (texts, guess) => {
          const bytes = new GrowingBytes(guess);
          let counted = 0;
          for (const text of texts) counted += bytes.write(text);
          const whole = texts.join('');
          const out = bytes.finish();
          expect(new TextDecoder().decode(out)).toBe(whole);
          expect(out.byteLength).toBe(Buffer.byteLength(whole, 'utf8'));
          expect(counted).toBe(out.byteLength);
          // Never much larger than its content (a buffer sent to the core is kept until commit).
          expect(out.buffer.byteLength).toBeLessThanOrEqual(Math.max(1024, out.byteLength * 1.5));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('ends in a buffer of its own that moves to another thread', async () => {
    const bytes = new GrowingBytes(10);
    for (let i = 0; i < 1000; i++) bytes.write(`row ${i},\n`);
    const out = bytes.finish();
    const { port1, port2 } = new MessageChannel();
    const received = new Promise<Uint8Array>((resolve) => port2.once('message', resolve));
    port1.postMessage(out, [out.buffer as ArrayBuffer]);
    const moved = await received;
    port1.close();
    expect(out.byteLength).toBe(0); // detached here: moved, not copied
    expect(new TextDecoder().decode(moved).split(',\n')).toHaveLength(1001);
  });
});
