// The catalogue as last pulled. Product fields and their values stay in the wire JSON: they are
// read one product at a time (validation, the offer form), never queried across products.
import { productSchema, type Product } from '../../contract/marketplace/wire';
import { parseJson, type StoreContext, prep } from './context';
import { fieldValuesSignature, forgetCachedProducts } from './fieldValues';
import { refreshOffer } from './offers';

export function saveProducts(ctx: StoreContext, products: Product[]): void {
  const upsert = prep(
    ctx,
    `INSERT INTO products (id, title, marketplace_type, is_active, json, seen_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET title = excluded.title,
       marketplace_type = excluded.marketplace_type, is_active = excluded.is_active,
       json = excluded.json, seen_at = excluded.seen_at`,
  );
  const retitle = prep(
    ctx,
    'UPDATE offers SET product_title = ? WHERE product_id = ? AND product_title <> ?',
  );
  const stored = prep<{ json: string }>(ctx, 'SELECT json FROM products WHERE id = ?');
  const offersOf = prep<{ local_id: number }>(
    ctx,
    'SELECT local_id FROM offers WHERE product_id = ?',
  );
  const now = ctx.clock.now();
  forgetCachedProducts(ctx);
  ctx.db.transaction(() => {
    for (const p of products) {
      const before = stored.get(p.id)?.json;
      upsert.run(p.id, p.title, p.marketplace_type, p.is_active ? 1 : 0, JSON.stringify(p), now);
      retitle.run(p.title, p.id, p.title);
      // A renamed option or a field that became a filter changes the offers list's field values
      // line (and so the search) of every offer of the product; rare, so each is refreshed.
      const relabelled =
        before !== undefined &&
        fieldValuesSignature(parseJson<Product>(before, p)) !== fieldValuesSignature(p);
      if (relabelled) for (const o of offersOf.all(p.id)) refreshOffer(ctx, o.local_id);
    }
  })();
}

export function getProduct(ctx: StoreContext, productId: number): Product | null {
  const row = prep<{ json: string }>(ctx, 'SELECT json FROM products WHERE id = ?').get(productId);
  if (!row) return null;
  return productSchema.parse(parseJson(row.json, null));
}

export interface ProductSummary {
  id: number;
  title: string;
  marketplace_type: number;
  is_active: boolean;
}

export function listProducts(ctx: StoreContext): ProductSummary[] {
  return prep<{ id: number; title: string; marketplace_type: number; is_active: number }>(
    ctx,
    'SELECT id, title, marketplace_type, is_active FROM products ORDER BY title, id',
  )
    .all()
    .map((r) => ({ ...r, is_active: r.is_active === 1 }));
}
