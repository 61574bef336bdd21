// The hashes a file's check remembers (credentialHash: SHA-256 as 64 hex characters), kept as their
// 32 bytes in one buffer and found by open addressing, each with its marks (bits: seen in the file,
// seen for a replace; or a number marked once: the line a login was first seen on). A 100k-line file's logins and emails were 200k strings of 80 bytes each in
// several Sets, some 25 MB of the import worker's heap and again of the core's at commit; here they
// are a few MB, and equal hashes are still told apart only by all 32 bytes.

const DIGEST_BYTES = 32;
const FIRST_CAPACITY = 1024;

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}

/** Slots for `capacity` entries: at least twice as many, a power of two (probing masks with it). */
function slotsFor(capacity: number): Int32Array {
  let slots = FIRST_CAPACITY * 2;
  while (slots < capacity * 2) slots *= 2;
  return new Int32Array(slots);
}

export class HashMarks {
  private digests: Uint8Array;
  private marks: Int32Array;
  /** Entry index + 1 per slot (0: empty); at least twice the entries' capacity, a power of two. */
  private slots: Int32Array;
  private count = 0;
  /** Anything that is not a SHA-256 in hex (never from credentialHash; kept exact all the same). */
  private readonly others = new Map<string, number>();
  private readonly key = new Uint8Array(DIGEST_BYTES);

  /**
   * `expected`: how many hashes are coming, when known (a commit knows the preview's row count).
   * Sized once, the table never doubles: each doubling copied it while the old copy waited for
   * the garbage collector, some 18 MB more at a 100k-line commit's peak.
   */
  constructor(expected = 0) {
    const capacity = Math.max(FIRST_CAPACITY, Math.ceil(expected));
    this.digests = new Uint8Array(DIGEST_BYTES * capacity);
    this.marks = new Int32Array(capacity);
    this.slots = slotsFor(capacity);
  }

  /** The hash's marks (0 when never marked). */
  marksOf(hash: string): number {
    if (!this.readKey(hash)) return this.others.get(hash) ?? 0;
    const entry = this.slots[this.slotOf()]!;
    return entry === 0 ? 0 : this.marks[entry - 1]!;
  }

  mark(hash: string, marks: number): void {
    if (!this.readKey(hash)) {
      this.others.set(hash, (this.others.get(hash) ?? 0) | marks);
      return;
    }
    const slot = this.slotOf();
    const entry = this.slots[slot]!;
    if (entry !== 0) {
      this.marks[entry - 1]! |= marks;
      return;
    }
    if (this.count === this.marks.length) {
      this.grow();
      this.mark(hash, marks);
      return;
    }
    this.digests.set(this.key, this.count * DIGEST_BYTES);
    this.marks[this.count] = marks;
    this.slots[slot] = ++this.count;
  }

  /** Parses the hash into `key`; false when it is not 64 hex characters. */
  private readKey(hash: string): boolean {
    if (hash.length !== DIGEST_BYTES * 2) return false;
    for (let i = 0; i < DIGEST_BYTES; i++) {
      const high = hexValue(hash.charCodeAt(2 * i));
      const low = hexValue(hash.charCodeAt(2 * i + 1));
      if (high < 0 || low < 0) return false;
      this.key[i] = (high << 4) | low;
    }
    return true;
  }

  /** The slot holding `key`, or the empty one where it would go (linear probing). */
  private slotOf(): number {
    const key = this.key;
    const mask = this.slots.length - 1;
    // The digest's bytes are uniform: its first four are a good enough place to start.
    let slot = ((key[0]! << 24) | (key[1]! << 16) | (key[2]! << 8) | key[3]!) & mask;
    for (;;) {
      const entry = this.slots[slot]!;
      if (entry === 0 || this.holds(entry - 1)) return slot;
      slot = (slot + 1) & mask;
    }
  }

  private holds(index: number): boolean {
    const at = index * DIGEST_BYTES;
    for (let i = 0; i < DIGEST_BYTES; i++) if (this.digests[at + i] !== this.key[i]) return false;
    return true;
  }

  private grow(): void {
    const capacity = this.marks.length * 2;
    const digests = new Uint8Array(DIGEST_BYTES * capacity);
    digests.set(this.digests);
    const marks = new Int32Array(capacity);
    marks.set(this.marks);
    this.digests = digests;
    this.marks = marks;
    this.slots = slotsFor(capacity);
    for (let index = 0; index < this.count; index++) {
      this.key.set(this.digests.subarray(index * DIGEST_BYTES, (index + 1) * DIGEST_BYTES));
      this.slots[this.slotOf()] = index + 1;
    }
  }
}
