// The outbox's operations: one kind each, with the payload it carries. Payloads are checked when
// written and read back validated: a row that does not match (a file edited by hand, a payload a
// build of before wrote differently) fails its own offer with a message the seller can act on;
// it never stops the sync of the others.
import { z } from 'zod';
import { limits } from '../../contract/marketplace/limits';
import { dataValueSchema, sellerStatusSchema } from '../../contract/marketplace/wire';

/** A value of one field path of a write (docs/ARCHITECTURE.md: the flat form of a change). */
const sentValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), dataValueSchema]);

/** The flat fields a manage write carried: field path → value, what "accepted" removes. */
export const sentFieldsSchema = z.record(z.string(), sentValueSchema);
export type SentFields = z.infer<typeof sentFieldsSchema>;

export const opPayloadSchemas = {
  manage: z.object({
    /** Written when the request leaves: what it carried, to recognise it if the answer is lost. */
    sent: sentFieldsSchema.optional(),
    /** The pull's high-water mark at that moment: where to stop looking for a lost create. */
    highWater: z.string().nullable().optional(),
  }),
  status: z.object({ status: sellerStatusSchema }),
  delete: z.object({}),
  credentials: z.object({
    mode: z.enum(['add', 'replace']),
    total: z.number().int().nonnegative(),
    /** A replace whose first chunk went: the rest are added to the new set. */
    setReplaced: z.boolean().optional(),
    /** Why this process could not open them (held, still queued); null once they could. */
    heldBecause: z.string().nullable().optional(),
    /** The offer when the last chunk left (add): sold, left by our count, shown to buyers. */
    leftWith: z.object({ sold: z.number(), left: z.number(), shown: z.boolean() }).optional(),
    /** Accounts that may already be on sale (answer lost, sold since): the seller decides. */
    uncertain: z.number().int().positive().optional(),
  }),
  screenshot_upload: z.object({ queuedScreenshotId: z.number().int().positive() }),
  screenshot_links: z.object({
    urls: z.array(z.string().min(1)).min(1).max(limits.urlsPerAttach),
  }),
  screenshot_detach: z.object({ url: z.string().min(1) }),
};

export type OpKind = keyof typeof opPayloadSchemas;
export type OpPayload<K extends OpKind> = z.infer<(typeof opPayloadSchemas)[K]>;
export type OpState = 'queued' | 'sending' | 'unknown' | 'failed';

export const opKinds = Object.keys(opPayloadSchemas) as OpKind[];

/** Kinds that act on the marketplace's copy of an offer: they wait for its id. */
const NEEDS_SERVER_ID: ReadonlySet<OpKind> = new Set<OpKind>([
  'status',
  'delete',
  'credentials',
  'screenshot_links',
  'screenshot_detach',
]);

interface OpCommon {
  id: number;
  localId: number;
  state: OpState;
  attempts: number;
  nextAttemptAt: number;
  productId: number;
}

/** An operation as stored: its kind decides its payload. */
export type OutboxOp = {
  [K in OpKind]: OpCommon & { kind: K; payload: OpPayload<K>; serverId: number | null };
}[OpKind];

/** An operation that may be sent now: those acting on the offer carry its id. */
export type ReadyOp = {
  [K in OpKind]: OpCommon & {
    kind: K;
    payload: OpPayload<K>;
    serverId: K extends 'manage' | 'screenshot_upload' ? number | null : number;
  };
}[OpKind];

export type ReadyOpOf<K extends OpKind> = Extract<ReadyOp, { kind: K }>;

export function readyOf(op: OutboxOp): ReadyOp | null {
  if (op.serverId === null && NEEDS_SERVER_ID.has(op.kind)) return null;
  return op as ReadyOp;
}

/** The payload as it is written; a payload that does not match its kind is a bug here. */
export function encodePayload<K extends OpKind>(kind: K, payload: OpPayload<K>): string {
  return JSON.stringify(opPayloadSchemas[kind].parse(payload));
}

/** What the seller calls each operation, for the message of one that cannot be read back. */
const opLabels: Record<OpKind, string> = {
  manage: 'change',
  status: 'status change',
  delete: 'deletion',
  credentials: 'credentials',
  screenshot_upload: 'screenshot upload',
  screenshot_links: 'screenshot links',
  screenshot_detach: 'screenshot removal',
};

export type DecodedPayload<K extends OpKind> =
  { ok: true; payload: OpPayload<K> } | { ok: false; problem: string };

export function decodePayload<K extends OpKind>(kind: K, text: string): DecodedPayload<K> {
  const label = opLabels[kind] ?? 'change';
  const unreadable = (why: string) => ({
    ok: false as const,
    problem: `Seller Desk could not read back a queued ${label} of this offer (${why}); discard the local changes and make it again.`,
  });
  if (!(kind in opPayloadSchemas)) return unreadable(`unknown kind "${String(kind).slice(0, 40)}"`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return unreadable('its data is not valid JSON');
  }
  const parsed = opPayloadSchemas[kind].safeParse(json);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || 'payload'))];
    return unreadable(`${fields.slice(0, 3).join(', ')} not as expected`);
  }
  return { ok: true, payload: parsed.data as OpPayload<K> };
}
