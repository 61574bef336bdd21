// What speaking Russian costs a row of the offers table: its status and sync state, price,
// amounts, delivery time and "updated" in the seller's language, each through the cached ICU
// formatters (contract/i18n). A 60-row screen redraws on every scroll step, so a row must stay
// far below a frame's budget.
import { performance } from 'node:perf_hooks';
import { formatAgo, formatCount, formatPrice, translate } from '../../electron/contract/i18n';

const ROWS = 20_000;
const now = Date.parse('2026-11-23T12:00:00Z');

function row(i: number): string {
  return [
    translate('ru', 'offers.statusActive'),
    translate('ru', 'offers.syncSynced'),
    formatPrice('ru', 0.02 + i / 1e5),
    formatCount('ru', 100_000 + i),
    formatCount('ru', 1000),
    translate('ru', 'editor.deliveryHours', { value: 1 + (i % 24) }),
    formatAgo('ru', new Date(now - (i % 3600) * 1000).toISOString(), now),
    translate('ru', 'offers.count', { count: i }),
  ].join('|');
}

// Warm the formatter caches and the JIT, as a screen already shown has.
let sink = 0;
for (let i = 0; i < 2000; i++) sink += row(i).length;
const started = performance.now();
for (let i = 0; i < ROWS; i++) sink += row(i).length;
const perRowUs = ((performance.now() - started) * 1000) / ROWS;
if (sink === 0) throw new Error('nothing formatted');
console.log(`i18n-table-row: ${perRowUs.toFixed(1)} µs per row in Russian (goal < 50 µs)`);
