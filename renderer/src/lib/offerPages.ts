// The offers table's rows, fetched a page at a time as the seller scrolls. Pages belong to one
// query; a new filter starts a new generation and late answers of the old one are ignored. A
// refresh keeps showing the old rows until the new ones arrive, so the table never blinks.

export interface Page<Row> {
  rows: Row[];
  total: number;
}

interface Slot<Row> {
  rows: Row[];
  generation: number;
  usedAt: number;
}

export class PagedRows<Row> {
  private pages = new Map<number, Slot<Row>>();
  private inFlight = new Map<number, number>();
  private generation = 0;
  private tick = 0;
  private replacing = false;
  total: number | null = null;
  /** The last failure of a page fetch, for the view to show; cleared by a success. */
  error: unknown = null;

  constructor(
    private readonly fetchPage: (offset: number, limit: number) => Promise<Page<Row>>,
    readonly pageSize: number,
    private readonly onChange: () => void,
    private readonly maxPages = 60,
  ) {}

  rowAt(index: number): Row | undefined {
    const slot = this.pages.get(Math.floor(index / this.pageSize));
    return slot?.rows[index % this.pageSize];
  }

  /** Starts fetching every page of rows [start, end) that is missing or stale. */
  ensure(start: number, end: number): Promise<void> {
    const wanted: Promise<void>[] = [];
    const first = Math.floor(start / this.pageSize);
    const last = Math.floor((Math.max(start + 1, end) - 1) / this.pageSize);
    for (let p = first; p <= last; p++) {
      const slot = this.pages.get(p);
      if (slot) slot.usedAt = ++this.tick;
      if (slot && slot.generation === this.generation) continue;
      if (this.inFlight.get(p) === this.generation) continue;
      if (this.total !== null && p * this.pageSize >= this.total && p > 0) continue;
      wanted.push(this.load(p));
    }
    return Promise.all(wanted).then(() => undefined);
  }

  /**
   * Page 0 of the current query is already on its way (asked for before this object existed).
   * If it does not come, the page is fetched the ordinary way.
   */
  prime(first: Promise<Page<Row> | null>): void {
    const generation = this.generation;
    this.inFlight.set(0, generation);
    void first.then((page) => {
      if (generation !== this.generation) return;
      if (this.inFlight.get(0) === generation) this.inFlight.delete(0);
      if (page === null) {
        void this.load(0);
        return;
      }
      this.pages.set(0, { rows: page.rows, generation, usedAt: ++this.tick });
      this.total = page.total;
      this.error = null;
      this.onChange();
    });
  }

  /**
   * A different query. The old rows stay on screen until the first page of the new query
   * arrives (then all of them go at once), so typing in the search box never blanks the table.
   */
  reset(): void {
    this.generation++;
    this.inFlight.clear();
    this.replacing = true;
  }

  /**
   * A narrower query (the seller typed one more letter). Until its answer arrives, the rows
   * already loaded that still match are shown, in the same order: every one of them belongs to
   * the new answer, so the table narrows at once instead of waiting for the core.
   */
  narrow(keep: (row: Row) => boolean): void {
    const loaded: Row[] = [];
    let complete = false;
    for (let p = 0; ; p++) {
      const slot = this.pages.get(p);
      if (!slot) break;
      loaded.push(...slot.rows);
      if (
        slot.rows.length < this.pageSize ||
        (this.total !== null && loaded.length >= this.total)
      ) {
        complete = true;
        break;
      }
    }
    const kept = loaded.filter(keep);
    this.reset();
    this.pages.clear();
    for (let i = 0; i < kept.length; i += this.pageSize) {
      // Generation -1: shown, but fetched again like any stale page.
      this.pages.set(i / this.pageSize, {
        rows: kept.slice(i, i + this.pageSize),
        generation: -1,
        usedAt: ++this.tick,
      });
    }
    // Only a fully loaded old answer gives the exact count; otherwise the core tells it shortly.
    this.total = complete ? kept.length : null;
    this.onChange();
  }

  /** Same query, data changed: keep showing the old rows, refetch what is asked for next. */
  invalidate(): void {
    this.generation++;
    this.inFlight.clear();
  }

  /** True while the rows shown are a stand-in for an answer the core has not given yet. */
  get pending(): boolean {
    return this.replacing;
  }

  /** True when row `index` is known for the current query (not a leftover of the last one). */
  isLoaded(index: number): boolean {
    const slot = this.pages.get(Math.floor(index / this.pageSize));
    return slot !== undefined && !this.replacing;
  }

  /** The current query's row at `index`, never a leftover of the previous query. */
  currentRowAt(index: number): Row | undefined {
    return this.replacing ? undefined : this.rowAt(index);
  }

  private async load(page: number): Promise<void> {
    const generation = this.generation;
    this.inFlight.set(page, generation);
    try {
      const result = await this.fetchPage(page * this.pageSize, this.pageSize);
      if (generation !== this.generation) return;
      if (this.replacing) {
        this.pages.clear();
        this.replacing = false;
      }
      this.pages.set(page, { rows: result.rows, generation, usedAt: ++this.tick });
      this.total = result.total;
      this.error = null;
      this.evict();
    } catch (error) {
      if (generation !== this.generation) return;
      this.error = error;
    } finally {
      if (this.inFlight.get(page) === generation) this.inFlight.delete(page);
    }
    this.onChange();
  }

  private evict(): void {
    if (this.pages.size <= this.maxPages) return;
    const byAge = [...this.pages.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [page] of byAge.slice(0, this.pages.size - this.maxPages)) this.pages.delete(page);
  }
}
