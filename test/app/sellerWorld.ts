// What the app-core tests with several sellers share: waiting for a condition, queueing gold
// offers told apart by price, and finding them again on the sandbox's side.
import type { Sandbox } from '../../electron/sandbox';
import type { CoreCalls } from './coreHarness';

/** Polls `probe` until it answers something truthy (or fails after `ms`). */
export async function until<T>(probe: () => T | Promise<T>, ms = 15_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Gold offers told apart by price: `base` + 0.0001 × i, saved through the app's channel. */
export async function queueGoldOffers(
  world: { call: CoreCalls['call']; sandbox: Sandbox },
  base: number,
  count: number,
): Promise<void> {
  const { call, sandbox } = world;
  const gold = sandbox.control.products().find((p) => p.marketplace_type === 1 && p.is_active)!;
  const data: Record<string, string> = {};
  for (const field of gold.product_fields.filter((f) => f.is_required && !f.deleted_at)) {
    data[String(field.id)] = field.field_values[0]?.value ?? 'x';
  }
  for (let i = 0; i < count; i++) {
    await call('offers.save', {
      productId: gold.id,
      fields: {
        price_per_step: Number((base + i / 10_000).toFixed(4)),
        amount: 500 + i,
        min_purchase_amount: gold.step_size,
        data,
      },
      deliveryTimeMs: 3_600_000,
    });
  }
}

/** The seller's offers on the sandbox that `queueGoldOffers(…, base, …)` made. */
export const offersPricedFrom = (sandbox: Sandbox, sellerId: number, base: number) =>
  sandbox.control
    .offers(sellerId)
    .filter((o) => o.price_per_step >= base && o.price_per_step < base + 0.01);
