// The seller's profiles as the account switcher shows them: one per seller on the marketplace,
// each with its name, its connection and what waits in it. Tokens never cross this contract.
import { z } from 'zod';
import { connectionSchema, connectionStateSchema } from './models';

/** The shown profile's connection states, and `no_token`: not synced until its token is added again. */
export const profileConnectionSchema = z.enum([...connectionStateSchema.options, 'no_token']);
export type ProfileConnection = z.infer<typeof profileConnectionSchema>;

export const profileSummarySchema = z.object({
  /** Stable while the profile exists (a rename keeps it); tells the front another one is shown. */
  id: z.string(),
  /** The seller's name for it (default: the marketplace's host and the seller's user id). */
  name: z.string(),
  /** The seller's user id on the marketplace, once their offers confirmed it. */
  sellerId: z.number().int().nullable(),
  connection: profileConnectionSchema,
  /**
   * Why, when the profile waits or cannot reach the marketplace (the Sync view's words), and
   * until when: the rate limit's next slot, or the next retry.
   */
  reason: z.string().nullable().default(null),
  countdown: connectionSchema.shape.countdown.default(null),
  /** Offers that need the seller (refused or in conflict). */
  attention: z.number().int(),
  /** Offers with changes to send. */
  toSend: z.number().int(),
  /** The profile the app shows. */
  active: z.boolean(),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const profileListSchema = z.object({
  profiles: z.array(profileSummarySchema),
  /** False in the sandbox, which has one profile. */
  canManage: z.boolean(),
  /**
   * Grows with every list the core makes: an answer and an event travel apart (IPC, the host's
   * bridge and its event stream), so a front keeps the newest, never an older one arriving late.
   */
  revision: z.number().int(),
});
export type ProfileList = z.infer<typeof profileListSchema>;

export const profileNameSchema = z.string().min(1).max(64);

export const profileRemoveInputSchema = z.object({
  name: profileNameSchema,
  /** Without it nothing is removed: the answer says what would be lost. */
  confirmed: z.boolean().default(false),
});

export const profileRemoveOutcomeSchema = z.object({
  name: z.string(),
  removed: z.boolean(),
  /** Changes waiting to be sent that would be (or were) lost with the profile. */
  queuedChanges: z.number().int(),
  offersWithLocalChanges: z.number().int(),
  /** What the seller is told, in their words. */
  message: z.string(),
});
export type ProfileRemoveOutcome = z.infer<typeof profileRemoveOutcomeSchema>;

export const profileReplaceTokenInputSchema = z.object({
  name: profileNameSchema,
  token: z.string().min(1).max(4096),
  /** The seller answered the question: a token nothing on the marketplace can confirm is theirs. */
  confirmed: z.boolean().default(false),
});

export const profileReplaceTokenOutcomeSchema = z.object({
  name: z.string(),
  /** The profile took the token (and is shown); false: nothing changed, `message` asks. */
  taken: z.boolean(),
  /** Taken: what changed. Not taken: what Seller Desk knows and cannot know, for the seller to answer. */
  message: z.string(),
  list: profileListSchema,
});
export type ProfileReplaceTokenOutcome = z.infer<typeof profileReplaceTokenOutcomeSchema>;
