import { describe, expect, it } from 'vitest';
import { exportSummary, templateSummary } from '../../../renderer/src/lib/imports/exportMenu';
import {
  importChoices,
  importResultSummary,
  linesWithProblems,
  notASheetMessage,
  previewSummary,
  problemsByLine,
  sheetFormatOf,
} from '../../../renderer/src/lib/imports/offerImport';

const problem = (line: number, column: string, message = 'bad') => ({ line, column, message });

/** A preview as main answers it; rows that queue nothing (duplicates, unchanged) default to none. */
function preview(counts: {
  rows: number;
  valid: number;
  problems: ReturnType<typeof problem>[];
  duplicates?: number;
  unchanged?: number;
}) {
  return {
    previewId: 'p',
    toCreate: counts.valid,
    toEdit: 0,
    duplicates: 0,
    unchanged: 0,
    deliveryTimeMs: 3_600_000,
    consequences: {
      changes: [],
      changing: 0,
      toReviewCount: 0,
      toReview: [],
      toSaleCount: 0,
      toSale: [],
      belowCostCount: 0,
      leftOut: [],
      leftOutCount: 0,
      rule: '',
      warnings: [],
    },
    ...counts,
  };
}

describe('offer import choices', () => {
  it('imports all only when every row is good', () => {
    const clean = importChoices(preview({ rows: 3, valid: 3, problems: [] }));
    expect(clean.all).toEqual({ label: 'Import 3 offers', enabled: true });
    expect(clean.goodOnly).toBeNull();
  });

  it('offers only the good rows when some rows are bad, and never all-or-nothing', () => {
    const mixed = importChoices(
      preview({ rows: 4, valid: 3, problems: [problem(3, 'price_per_step')] }),
    );
    expect(mixed.all.enabled).toBe(false);
    expect(mixed.goodOnly).toEqual({ label: 'Import only the 3 good rows', enabled: true });
    const one = importChoices(preview({ rows: 2, valid: 1, problems: [problem(2, 'x')] }));
    expect(one.goodOnly?.label).toBe('Import only the 1 good row');
  });

  it('offers nothing when no row is good or the header is broken', () => {
    const header = importChoices(
      preview({ rows: 3, valid: 0, problems: [problem(1, 'price_per_step', 'missing column')] }),
    );
    expect(header.all.enabled).toBe(false);
    expect(header.goodOnly).toBeNull();
    expect(importChoices(preview({ rows: 0, valid: 0, problems: [] })).all.enabled).toBe(false);
  });
});

describe('offer import words', () => {
  it('orders problems by line, keeping the column order within a line', () => {
    const sorted = problemsByLine([
      problem(4, 'b'),
      problem(2, 'z'),
      problem(4, 'a'),
      problem(1, 'h'),
    ]);
    expect(sorted.map((p) => `${p.line}${p.column}`)).toEqual(['1h', '2z', '4b', '4a']);
    expect(linesWithProblems(sorted)).toBe(3);
  });

  it('knows CSV and XLSX by name and explains anything else', () => {
    expect(sheetFormatOf('Offers.CSV')).toBe('csv');
    expect(sheetFormatOf('book.xlsx')).toBe('xlsx');
    expect(sheetFormatOf('book.xls')).toBeNull();
    expect(sheetFormatOf('notes.txt')).toBeNull();
    expect(notASheetMessage('book.xls')).toContain('book.xls is not a CSV or XLSX file');
  });

  it('sums up a preview and a result', () => {
    expect(previewSummary(preview({ rows: 4, valid: 3, problems: [problem(3, 'x')] }))).toBe(
      '4 offers in the file, 3 good, 1 with problems.',
    );
    expect(previewSummary(preview({ rows: 1, valid: 1, problems: [] }))).toBe(
      '1 offer in the file, 1 good.',
    );
    expect(previewSummary(preview({ rows: 0, valid: 0, problems: [] }))).toBe(
      'The file holds no offer rows.',
    );
    expect(importResultSummary({ queued: 3, skipped: 1 })).toBe(
      '3 offers added to your local changes; 1 row with problems left out. They are sent at the next sync.',
    );
    expect(
      previewSummary(preview({ rows: 3, valid: 3, problems: [], duplicates: 1, unchanged: 1 })),
    ).toBe(
      '3 offers in the file, 3 good. 1 duplicate row (already there) and 1 unchanged row will be skipped.',
    );
    expect(importResultSummary({ queued: 1, skipped: 0, duplicates: 2, unchanged: 0 })).toBe(
      '1 offer added to your local changes; 2 duplicate rows (already there) skipped. They are sent at the next sync.',
    );
    expect(importResultSummary({ queued: 2, skipped: 0 })).toBe(
      '2 offers added to your local changes. They are sent at the next sync.',
    );
    expect(exportSummary(1204, { file: '/tmp/x/Gold.csv', folder: '/tmp/x' })).toBe(
      '1,204 offers saved as “Gold.csv” in the folder /tmp/x.',
    );
    expect(templateSummary({ file: 'C:\\t\\Gold template.xlsx', folder: 'C:\\t' })).toBe(
      'Template saved as “Gold template.xlsx” in the folder C:\\t.',
    );
  });
});
