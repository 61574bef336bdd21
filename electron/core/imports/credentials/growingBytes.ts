// UTF-8 text written into one buffer as it comes, grown when full: a preview's packed rows were
// parts joined at the end, so the worker held them twice (parts and whole) at its peak. Started at
// a size guessed from the file, the buffer rarely grows, and ends no larger than it must be by more
// than a third (else it is copied to its size once): what a growth by half leaves at most.

const GROWTH = 1.5;
const MOST_SLACK = 1 / 3;

export class GrowingBytes {
  private readonly encoder = new TextEncoder();
  private buffer: Uint8Array;
  /** Bytes written so far. */
  length = 0;

  constructor(expectedBytes: number) {
    this.buffer = new Uint8Array(Math.max(1024, Math.ceil(expectedBytes)));
  }

  /** Appends the text's UTF-8 bytes; returns how many were written. */
  write(text: string): number {
    const before = this.length;
    let rest = text;
    for (;;) {
      const { read, written } = this.encoder.encodeInto(rest, this.buffer.subarray(this.length));
      this.length += written;
      if (read === rest.length) return this.length - before;
      rest = rest.slice(read);
      this.grow(rest.length * 3);
    }
  }

  private grow(atLeast: number): void {
    const size = Math.max(Math.ceil(this.buffer.length * GROWTH), this.length + atLeast);
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  /**
   * The bytes written, in a buffer of their own (never a slice of Node's shared pool): it can be
   * moved to another thread. The writer is not to be used afterwards.
   */
  finish(): Uint8Array {
    const { buffer, length } = this;
    this.buffer = new Uint8Array(0);
    if (buffer.length - length <= buffer.length * MOST_SLACK) return buffer.subarray(0, length);
    return buffer.slice(0, length);
  }
}
