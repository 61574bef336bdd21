// Offline drafting: every change the seller makes is validated against the stored product, then
// committed together with its outbox row in one transaction before the caller hears "saved".
// Queued edits of one offer merge into one manage operation; edits of a never-sent create merge
// into the create; deleting a never-sent create cancels it.
import {
  credentialProblems,
  documentedStatusRefusal,
  validateOfferWrite,
  type FieldProblem,
} from '../../contract/rules';
import {
  MarketplaceType,
  sellerStatusSchema,
  type CredentialInput,
  type SellerStatusValue,
  type OfferWrite,
  type Product,
} from '../../contract/marketplace/wire';
import { hashCredential } from '../credentials/hash';
import { isoAt, parseJson, type StoreContext, prep } from './context';
import { DraftRejected, StoreError } from './errors';
import {
  flattenDraft,
  sameFieldValue,
  unflattenDraft,
  type FlatFields,
  type OfferDraft,
  QUEUED_SCREENSHOT_PREFIX,
} from './offerFields';
import {
  listRowOf,
  localChange,
  mergedFields,
  offerRow,
  refreshOffer,
  serverOffer,
} from './offers';
import { fieldValuesLine } from './fieldValues';
import {
  dropOps,
  dropQueuedUpload,
  enqueueOp,
  ensureManageOp,
  hasOp,
  manageOpState,
  queueAfterEdit,
  queueStatusOp,
  deleteOp,
  resetOp,
  screenshotDetachesOf,
  WAITING,
} from './outbox';
import { getProduct } from './products';
import { limits } from '../../contract/marketplace/limits';

/** The structural part of the secrets box the store needs (electron/core/secrets). */
export interface SecretBox {
  seal(plain: Uint8Array): Buffer;
  open(sealed: Uint8Array): Buffer;
}

export { QUEUED_SCREENSHOT_PREFIX } from './offerFields';

export interface NewOffer {
  productId: number;
  guaranteeDeliveryTime: number;
  fields: OfferDraft;
}

export function requireProduct(ctx: StoreContext, productId: number): Product {
  const product = getProduct(ctx, productId);
  if (!product) {
    throw new DraftRejected(
      [{ field: 'product_id', message: 'Unknown product: refresh the catalogue first.' }],
      `Product ${productId} is not in the local catalogue.`,
    );
  }
  return product;
}

function requireOffer(ctx: StoreContext, localId: number) {
  const row = offerRow(ctx, localId);
  if (!row) throw new StoreError('not_found', `Offer ${localId} is not in the store.`);
  return row;
}

export function gdtProblems(value: unknown): FieldProblem[] {
  if (value === undefined) return [];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    return [
      {
        field: 'guarantee_delivery_time',
        code: 'out_of_range',
        message: 'The guarantee delivery time must be a whole number of milliseconds, at least 1.',
      },
    ];
  }
  return [];
}

/**
 * The write a manage request would carry for these flat fields. An edit that touches `data`
 * sends the whole merged object, because the service replaces an offer's data as a whole.
 */
export function writeOf(flat: FlatFields, merged: FlatFields): OfferWrite {
  const draft = unflattenDraft(flat) as OfferDraft & Record<string, unknown>;
  delete draft.guarantee_delivery_time;
  if (draft.data) draft.data = unflattenDraft(pickData(merged)).data ?? {};
  return draft as OfferWrite;
}

function pickData(flat: FlatFields): FlatFields {
  return Object.fromEntries(Object.entries(flat).filter(([k]) => k.startsWith('data.')));
}

export function withoutPlaceholders(write: OfferWrite): OfferWrite {
  if (!write.screenshots) return write;
  return {
    ...write,
    screenshots: write.screenshots.filter((s) => !s.startsWith(QUEUED_SCREENSHOT_PREFIX)),
  };
}

/** A new offer of `product` as the store keeps it (flat fields), and what the rules say of it. */
export function checkNewOffer(
  product: Product,
  input: Omit<NewOffer, 'productId'>,
): { flat: FlatFields; problems: FieldProblem[] } {
  const fields: OfferDraft = {
    ...input.fields,
    marketplace_type: input.fields.marketplace_type ?? product.marketplace_type,
    guarantee_delivery_time: input.guaranteeDeliveryTime,
  };
  const flat = flattenDraft(fields);
  const problems = [
    ...validateOfferWrite(withoutPlaceholders(writeOf(flat, flat)), product, 'create'),
    ...gdtProblems(input.guaranteeDeliveryTime),
  ];
  return { flat, problems };
}

/**
 * Writes a checked new offer (call inside a transaction): its row with the merged view already
 * in place, its local change, its manage operation and its search entry. A new offer has nothing
 * else to merge, no status yet and one queued operation, so it is 'local'; written once, instead
 * of inserted bare and then refreshed, each of the list's indexes is touched once.
 */
export function insertNewOffer(
  ctx: StoreContext,
  product: Product,
  flat: FlatFields,
  now: number,
): number {
  const row = listRowOf({
    merged: flat,
    productTitle: product.title,
    fieldValues: fieldValuesLine(product, flat),
    serverId: null,
    status: null,
    syncState: 'local',
    pendingDelete: false,
    updatedAt: isoAt(now),
  });
  const columns = Object.keys(row);
  const info = prep(
    ctx,
    `INSERT INTO offers (product_id, ${columns.join(', ')}) VALUES (?${', ?'.repeat(columns.length)})`,
  ).run(product.id, ...Object.values(row));
  const localId = Number(info.lastInsertRowid);
  prep(
    ctx,
    "INSERT INTO local_changes (local_id, kind, base, mine, changed_at) VALUES (?, 'create', '{}', ?, ?)",
  ).run(localId, JSON.stringify(flat), now);
  enqueueOp(ctx, localId, 'manage', {});
  prep(ctx, 'INSERT INTO offers_search (rowid, search_text) VALUES (?, ?)').run(
    localId,
    row.search_text,
  );
  return localId;
}

export function createOffer(ctx: StoreContext, input: NewOffer): number {
  const product = requireProduct(ctx, input.productId);
  const { flat, problems } = checkNewOffer(product, input);
  if (problems.length > 0) throw new DraftRejected(problems);
  return ctx.db.transaction(() => insertNewOffer(ctx, product, flat, ctx.clock.now())).immediate();
}

/** Lays `patch` over the offer's local change; fields set back to the server's value drop out. */
/**
 * What follows an edit: `thenStatus` a status change queued right behind it (null: a status
 * change still waiting is dropped); absent, the queued status changes stay as they are.
 */
export interface EditFollowUp {
  thenStatus?: SellerStatusValue | null;
}

export function editOffer(
  ctx: StoreContext,
  localId: number,
  patch: OfferDraft,
  followUp: EditFollowUp = {},
): void {
  const row = requireOffer(ctx, localId);
  const product = requireProduct(ctx, row.product_id);
  const change = localChange(ctx, localId);
  if (!change && row.server_id === null && !row.server_json) {
    throw new StoreError('invalid', `Offer ${localId} has nothing to edit.`);
  }
  const pendingDelete = hasOp(ctx, localId, { kinds: ['delete'] });
  if (pendingDelete) throw new StoreError('invalid', `Offer ${localId} is waiting to be deleted.`);
  const patchFlat = flattenDraft(patch);
  const mine: FlatFields = { ...parseJson<FlatFields>(change?.mine, {}), ...patchFlat };
  const merged = { ...mergedFields(ctx, localId), ...patchFlat };
  const server = serverOffer(row);
  const isCreate = change?.kind === 'create';
  const base = parseJson<FlatFields>(change?.base, {});
  if (!isCreate && server) {
    for (const field of Object.keys(patchFlat)) {
      const serverValue = field.startsWith('data.')
        ? server.data[field.slice(5)]
        : (server as Record<string, unknown>)[field];
      if (!(field in base)) base[field] = serverValue;
      if (sameFieldValue(mine[field], base[field])) delete mine[field];
    }
  }
  const mode = isCreate ? 'create' : 'edit';
  const toCheck = isCreate ? mine : patchFlat;
  const problems = [
    ...validateOfferWrite(withoutPlaceholders(writeOf(toCheck, merged)), product, mode, {
      price_per_step: Number(merged.price_per_step ?? 0),
    }),
    ...gdtProblems(patchFlat.guarantee_delivery_time),
  ];
  if (problems.length > 0) throw new DraftRejected(problems);
  ctx.db
    .transaction(() => {
      const now = ctx.clock.now();
      if (!isCreate && Object.keys(mine).length === 0) {
        prep(ctx, 'DELETE FROM local_changes WHERE local_id = ?').run(localId);
        dropOps(ctx, localId, { kinds: ['manage'], states: WAITING });
      } else {
        prep(
          ctx,
          `INSERT INTO local_changes (local_id, kind, base_updated_at, base, mine, changed_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (local_id) DO UPDATE SET base = excluded.base, mine = excluded.mine,
             changed_at = excluded.changed_at`,
        ).run(
          localId,
          isCreate ? 'create' : 'edit',
          row.server_updated_at,
          JSON.stringify(base),
          JSON.stringify(mine),
          now,
        );
        ensureManageOp(ctx, localId);
        if (followUp.thenStatus !== undefined) queueAfterEdit(ctx, localId, followUp.thenStatus);
      }
      refreshOffer(ctx, localId);
    })
    .immediate();
}

/**
 * A create the server never saw is simply cancelled (row and outbox together). A create whose
 * send is in flight or unknown cannot be: the delete waits for its id like any dependent op.
 */
export function deleteOffer(ctx: StoreContext, localId: number): 'cancelled' | 'queued' {
  const row = requireOffer(ctx, localId);
  const change = localChange(ctx, localId);
  const createState = change?.kind === 'create' ? manageOpState(ctx, localId) : undefined;
  return ctx.db
    .transaction(() => {
      if (change?.kind === 'create' && (createState === 'queued' || createState === 'failed')) {
        prep(ctx, 'DELETE FROM offers WHERE local_id = ?').run(localId);
        return 'cancelled' as const;
      }
      if (row.server_id === null && !change) {
        prep(ctx, 'DELETE FROM offers WHERE local_id = ?').run(localId);
        return 'cancelled' as const;
      }
      // Whatever else was waiting for this offer no longer matters once it is gone.
      dropOps(ctx, localId, { states: WAITING });
      prep(ctx, 'DELETE FROM conflicts WHERE local_id = ?').run(localId);
      if (change?.kind === 'edit') {
        prep(ctx, 'DELETE FROM local_changes WHERE local_id = ?').run(localId);
      }
      enqueueOp(ctx, localId, 'delete', {});
      refreshOffer(ctx, localId);
      return 'queued' as const;
    })
    .immediate();
}

export function changeStatus(ctx: StoreContext, localId: number, status: number): void {
  requireOffer(ctx, localId);
  // Only the document's rule blocks here; which sources edit_status accepts is "not shown", so
  // what we expect there is said to the seller (use cases) and the marketplace decides.
  const refusal = documentedStatusRefusal(status);
  if (refusal) throw new DraftRejected([{ field: 'status', message: refusal }], refusal);
  // The rules refuse any status a seller may not ask for, so this only narrows the type.
  const target = sellerStatusSchema.parse(status);
  ctx.db
    .transaction(() => {
      queueStatusOp(ctx, localId, { status: target });
      refreshOffer(ctx, localId);
    })
    .immediate();
}

export type CredentialMode = 'add' | 'replace';

/**
 * Seals each credential with the box; only the sealed blob and the hashes touch the disk. A
 * replace supersedes credential operations still waiting for the same offer.
 */
export function queueCredentials(
  ctx: StoreContext,
  box: SecretBox,
  localId: number,
  credentials: CredentialInput[],
  mode: CredentialMode,
): number {
  const row = requireOffer(ctx, localId);
  const product = requireProduct(ctx, row.product_id);
  const problems: FieldProblem[] = [];
  if (product.marketplace_type !== MarketplaceType.Account) {
    problems.push({
      field: 'credentials',
      code: 'prohibited',
      message: 'Credentials are for account offers only.',
    });
  }
  if (credentials.length === 0) {
    problems.push({ field: 'credentials', code: 'required', message: 'No credentials given.' });
  }
  credentials.forEach((c, i) => problems.push(...credentialProblems(c, i)));
  if (problems.length > 0) throw new DraftRejected(problems);
  return ctx.db
    .transaction(() => {
      if (mode === 'replace') {
        dropOps(ctx, localId, { kinds: ['credentials'], states: WAITING });
      }
      const opId = enqueueOp(ctx, localId, 'credentials', { mode, total: credentials.length });
      const insert = prep(
        ctx,
        'INSERT INTO queued_credentials (outbox_id, local_id, sealed, login_hash, email_hash) VALUES (?, ?, ?, ?, ?)',
      );
      for (const c of credentials) {
        const hashes = hashCredential(c);
        // A credential read from a file may carry its line: sealed with it, so that a refusal
        // at push can name the line (sync/push.ts strips it before sending).
        const sealed = box.seal(Buffer.from(JSON.stringify(c), 'utf8'));
        insert.run(opId, localId, sealed, hashes.loginHash, hashes.emailHash);
      }
      refreshOffer(ctx, localId);
      return credentials.length;
    })
    .immediate();
}

function screenshotCount(merged: FlatFields): number {
  return Array.isArray(merged.screenshots) ? merged.screenshots.length : 0;
}

function capProblem(total: number): FieldProblem[] {
  return total > limits.screenshotsMaxCount
    ? [
        {
          field: 'screenshots',
          code: 'out_of_range',
          message: `An offer holds at most ${limits.screenshotsMaxCount} screenshots.`,
        },
      ]
    : [];
}

/**
 * Files already copied into the app's data folder. Each is uploaded on its own (no offer id
 * needed); the offer's screenshots list carries a placeholder until then, so the manage edit that
 * attaches them waits for every upload.
 */
export function queueScreenshotFiles(
  ctx: StoreContext,
  localId: number,
  filePaths: string[],
): number[] {
  requireOffer(ctx, localId);
  const merged = mergedFields(ctx, localId);
  const current = Array.isArray(merged.screenshots) ? (merged.screenshots as string[]) : [];
  const problems = capProblem(current.length + filePaths.length);
  if (problems.length > 0) throw new DraftRejected(problems);
  return ctx.db
    .transaction(() => {
      const ids: number[] = [];
      const now = ctx.clock.now();
      for (const file of filePaths) {
        const info = prep(
          ctx,
          "INSERT INTO queued_screenshots (local_id, source, file_path, created_at) VALUES (?, 'file', ?, ?)",
        ).run(localId, file, now);
        const id = Number(info.lastInsertRowid);
        ids.push(id);
        enqueueOp(ctx, localId, 'screenshot_upload', { queuedScreenshotId: id });
      }
      setLocalScreenshots(ctx, localId, [
        ...current,
        ...ids.map((id) => QUEUED_SCREENSHOT_PREFIX + id),
      ]);
      return ids;
    })
    .immediate();
}

/** Writes the offer's screenshots list into its local change (inside a transaction). */
export function setLocalScreenshots(ctx: StoreContext, localId: number, list: string[]): void {
  const change = localChange(ctx, localId);
  const row = offerRow(ctx, localId);
  const mine = parseJson<FlatFields>(change?.mine, {});
  const base = parseJson<FlatFields>(change?.base, {});
  mine.screenshots = list;
  if (!change) base.screenshots = serverOffer(row)?.screenshots ?? [];
  prep(
    ctx,
    `INSERT INTO local_changes (local_id, kind, base_updated_at, base, mine, changed_at)
       VALUES (?, 'edit', ?, ?, ?, ?)
       ON CONFLICT (local_id) DO UPDATE SET mine = excluded.mine, changed_at = excluded.changed_at`,
  ).run(
    localId,
    row?.server_updated_at ?? null,
    JSON.stringify(base),
    JSON.stringify(mine),
    ctx.clock.now(),
  );
  ensureManageOp(ctx, localId);
  refreshOffer(ctx, localId);
}

/** Public image URLs, attached by the marketplace itself (≤ 10 per request). */
export function queueScreenshotUrls(ctx: StoreContext, localId: number, urls: string[]): void {
  requireOffer(ctx, localId);
  const problems: FieldProblem[] = [];
  urls.forEach((u, i) => {
    if (!/^https?:\/\//i.test(u)) {
      problems.push({ field: `urls.${i}`, code: 'invalid', message: 'Not an http(s) URL.' });
    }
  });
  problems.push(...capProblem(screenshotCount(mergedFields(ctx, localId)) + urls.length));
  if (problems.length > 0) throw new DraftRejected(problems);
  ctx.db
    .transaction(() => {
      for (let i = 0; i < urls.length; i += limits.urlsPerAttach) {
        enqueueOp(ctx, localId, 'screenshot_links', {
          urls: urls.slice(i, i + limits.urlsPerAttach),
        });
      }
      refreshOffer(ctx, localId);
    })
    .immediate();
}

/**
 * Removes a screenshot: a queued file is simply dropped; a stored one is detached by URL, once:
 * a removal of the same URL already queued or sent is not queued again, since the marketplace
 * refuses a second detach of what is no longer attached (a refused one is sent again). Says
 * which it was.
 */
export function detachScreenshot(
  ctx: StoreContext,
  localId: number,
  url: string,
): 'removed' | 'already' {
  requireOffer(ctx, localId);
  return ctx.db
    .transaction((): 'removed' | 'already' => {
      if (url.startsWith(QUEUED_SCREENSHOT_PREFIX)) {
        const id = Number(url.slice(QUEUED_SCREENSHOT_PREFIX.length));
        prep(ctx, 'DELETE FROM queued_screenshots WHERE id = ? AND local_id = ?').run(id, localId);
        dropQueuedUpload(ctx, localId, id);
        const merged = mergedFields(ctx, localId);
        const list = Array.isArray(merged.screenshots) ? (merged.screenshots as string[]) : [];
        setLocalScreenshots(
          ctx,
          localId,
          list.filter((s) => s !== url),
        );
        return 'removed';
      }
      const earlier = screenshotDetachesOf(ctx, localId).find((d) => d.url === url);
      if (earlier?.state === 'failed') {
        // Refused before: asked again, the same removal goes again.
        resetOp(ctx, earlier.opId);
        refreshOffer(ctx, localId);
        return 'removed';
      }
      if (earlier) return 'already';
      enqueueOp(ctx, localId, 'screenshot_detach', { url });
      refreshOffer(ctx, localId);
      return 'removed';
    })
    .immediate();
}

/**
 * Takes back a stored screenshot's removal while it is unsent (or refused): the screenshot stays.
 * `sending`: it is on its way (or its outcome unknown), so it cannot be taken back.
 */
export function keepScreenshot(
  ctx: StoreContext,
  localId: number,
  url: string,
): 'kept' | 'sending' | 'none' {
  requireOffer(ctx, localId);
  return ctx.db
    .transaction((): 'kept' | 'sending' | 'none' => {
      const detach = screenshotDetachesOf(ctx, localId).find((d) => d.url === url);
      if (!detach) return 'none';
      if (detach.state === 'sending' || detach.state === 'unknown') return 'sending';
      deleteOp(ctx, detach.opId);
      refreshOffer(ctx, localId);
      return 'kept';
    })
    .immediate();
}

/** Throws away the seller's pending work on an offer (a never-sent create disappears). */
export function discardLocalChanges(ctx: StoreContext, localId: number): void {
  const row = requireOffer(ctx, localId);
  ctx.db
    .transaction(() => {
      const inFlight = hasOp(ctx, localId, { states: ['sending', 'unknown'] });
      if (inFlight)
        throw new StoreError('invalid', 'A send is in progress for this offer; wait for it.');
      if (row.server_id === null) {
        prep(ctx, 'DELETE FROM offers WHERE local_id = ?').run(localId);
        return;
      }
      dropOps(ctx, localId);
      prep(ctx, 'DELETE FROM local_changes WHERE local_id = ?').run(localId);
      prep(ctx, 'DELETE FROM conflicts WHERE local_id = ?').run(localId);
      prep(ctx, 'DELETE FROM offer_outcomes WHERE local_id = ?').run(localId);
      refreshOffer(ctx, localId);
    })
    .immediate();
}

/** The seller's answer to a conflict on one field. */
export function resolveConflict(
  ctx: StoreContext,
  localId: number,
  field: string,
  choice: 'mine' | 'theirs',
): void {
  requireOffer(ctx, localId);
  ctx.db
    .transaction(() => {
      const conflict = prep(ctx, 'SELECT 1 FROM conflicts WHERE local_id = ? AND field = ?').get(
        localId,
        field,
      );
      if (!conflict)
        throw new StoreError('not_found', `No conflict on ${field} for offer ${localId}.`);
      prep(ctx, 'DELETE FROM conflicts WHERE local_id = ? AND field = ?').run(localId, field);
      const change = localChange(ctx, localId);
      if (choice === 'theirs' && change) {
        const mine = parseJson<FlatFields>(change.mine, {});
        delete mine[field];
        if (Object.keys(mine).length === 0 && change.kind === 'edit') {
          prep(ctx, 'DELETE FROM local_changes WHERE local_id = ?').run(localId);
          dropOps(ctx, localId, { kinds: ['manage'], states: WAITING });
        } else {
          prep(ctx, 'UPDATE local_changes SET mine = ? WHERE local_id = ?').run(
            JSON.stringify(mine),
            localId,
          );
        }
      }
      refreshOffer(ctx, localId);
    })
    .immediate();
}
