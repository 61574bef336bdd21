// What the queue and the row say a queued change will do: verbs in the seller's words, the status
// by its name, field keys by their labels, never an API word.
import { describe, expect, it } from 'vitest';
import { changeWords, changesWords } from '../../renderer/src/lib/queueWords';
import { pendingStatusInfo } from '../../renderer/src/lib/offerStatus';

describe('queue words', () => {
  it('names each kind of change', () => {
    expect(changeWords({ kind: 'delete' })).toBe('Delete');
    expect(changeWords({ kind: 'create' })).toBe('Create');
    expect(changeWords({ kind: 'status', status: 3 })).toBe('Set Not Active');
    expect(changeWords({ kind: 'update', fields: ['price_per_step'] })).toBe(
      'Update price per step',
    );
    expect(changeWords({ kind: 'update', fields: ['price_per_step', 'amount', 'data.12'] })).toBe(
      'Update 3 fields',
    );
    expect(changeWords({ kind: 'credentials', count: 3, replace: false })).toBe(
      'Add 3 credentials',
    );
    expect(changeWords({ kind: 'credentials', count: 1, replace: true })).toBe(
      'Replace credentials with 1 credential',
    );
    expect(changeWords({ kind: 'upload', count: 2 })).toBe('Upload 2 screenshots');
    expect(changeWords({ kind: 'links', count: 1 })).toBe('Attach 1 screenshot link');
    expect(changeWords({ kind: 'detach', count: 1 })).toBe('Remove 1 screenshot');
  });

  it('joins an offer’s changes in order, with no internal word', () => {
    const words = changesWords([
      { kind: 'update', fields: ['outer_name'] },
      { kind: 'status', status: 2 },
    ]);
    expect(words).toBe('Update name shown to buyers, Set Active');
    expect(words).not.toMatch(/outer_name|manage|edit_status/);
  });

  it('the row says what a queued delete or status change will do', () => {
    expect(pendingStatusInfo({ delete: true, status: null })?.name).toBe('Will be deleted');
    expect(pendingStatusInfo({ delete: false, status: 3 })?.name).toBe('Will be Not Active');
    expect(pendingStatusInfo({ delete: false, status: null })).toBeNull();
  });
});
