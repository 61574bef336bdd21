// Conformance: add_batch (duplicates by login and email hash, the exact message, transferred
// offers), replace_all, update, delete, type and ownership checks, and the sold-out rule.
import { describe, expect, it } from 'vitest';
import {
  messageBodySchema,
  replaceAllResponseSchema,
  updateCredentialResponseSchema,
  type Offer,
} from '../../electron/contract/marketplace/wire';
import { paths } from '../../electron/contract/marketplace/assumptions';
import { credentialHash } from '../../electron/core/credentials/hash';
import { useSandboxApi } from './helpers';

const api = useSandboxApi();

const HOUR = 3_600_000;
async function newAccountOffer(
  credentialSystem = 3,
  credentials: unknown[] | null = null,
): Promise<number> {
  const r = await api.call('POST', paths.manage(12), {
    body: {
      guarantee_delivery_time: HOUR,
      offers: [
        {
          price_per_step: 9,
          amount: 1,
          min_purchase_amount: 1,
          marketplace_type: 2,
          credential_system_type_id: credentialSystem,
          credentials,
          data: { '1201': 'PC', '1202': 1 },
        },
      ],
    },
  });
  expect(r.status).toBe(200);
  return r.body.result.results[0].id as number;
}
const offer = (id: number): Offer | undefined =>
  api.sandbox.control.offers(1).find((o) => o.id === id);
const addBatch = (offerId: number, credentials: unknown, seller = 1) =>
  api.call('POST', paths.addCredentials(offerId), { body: { credentials }, seller });

describe('add_batch', () => {
  it('adds, skips duplicates by login hash and email hash, and says so in the exact words', async () => {
    const id = await newAccountOffer();
    const first = await addBatch(id, [
      { login: 'alpha', game_password: 'p1', email: 'a@mail.test', email_password: 'e' },
      { login: 'beta', game_password: 'p2' },
      { login: 'gamma', game_password: 'p3' },
    ]);
    expect(first.status).toBe(200);
    expect(messageBodySchema.parse(first.body).message).toBe(
      '3 credentials added, 0 duplicates skipped',
    );
    const second = await addBatch(id, [
      { login: 'alpha', game_password: 'x' }, // same login hash (the login as stored)
      { login: 'delta', game_password: 'x', email: 'a@mail.test', email_password: 'e' }, // same email
      { login: 'epsilon', game_password: 'x' },
      { login: 'epsilon', game_password: 'y' }, // duplicate inside the batch
    ]);
    expect(second.body.message).toBe('1 credentials added, 3 duplicates skipped');
    const stored = api.sandbox.control.credentials(id);
    expect(stored.map((c) => c.login)).toEqual(['alpha', 'beta', 'gamma', 'epsilon']);
    expect(stored[0]?.login_hash).toBe(credentialHash('alpha'));
    expect(stored[0]?.email_hash).toBe(credentialHash('a@mail.test'));
    expect(offer(id)?.credentials_recorded).toBe(true);
    // The hash is of the login as stored: another case is another account.
    const third = await addBatch(id, [{ login: 'ALPHA', game_password: 'z' }]);
    expect(third.body.message).toBe('1 credentials added, 0 duplicates skipped');
  });

  it('1 to 1000 credentials, each checked; errors name the field but never echo secrets', async () => {
    const id = await newAccountOffer();
    expect((await addBatch(id, [])).status).toBe(422);
    const many = Array.from({ length: 1001 }, (_, i) => ({ login: `l${i}`, game_password: 'p' }));
    expect((await addBatch(id, many)).status).toBe(422);
    const thousand = many.slice(0, 1000);
    expect((await addBatch(id, thousand)).body.message).toBe(
      '1000 credentials added, 0 duplicates skipped',
    );
    const r = await addBatch(id, [
      { login: 'secret-login-x', game_password: 'p'.repeat(256) },
      { game_password: 'q' },
    ]);
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual([
      'credentials.0.game_password',
      'credentials.1.login',
    ]);
    expect(JSON.stringify(r.body)).not.toContain('secret-login-x');
    expect(JSON.stringify(r.body)).not.toContain('ppppp');
  });

  it('a transferred offer is refused with 403 and nothing changes', async () => {
    const id = await newAccountOffer(3, [{ login: 'one', game_password: 'p' }]);
    api.sandbox.control.setTransferred(id, true);
    const r = await addBatch(id, [{ login: 'two', game_password: 'p' }]);
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/transferred/);
    expect(api.sandbox.control.credentials(id)).toHaveLength(1);
    api.sandbox.control.setTransferred(id, false);
    expect((await addBatch(id, [{ login: 'two', game_password: 'p' }])).status).toBe(200);
  });

  it('works on No Credentials (1) offers too; gold offers, foreign and unknown offers are refused', async () => {
    const manual = await newAccountOffer(1);
    expect((await addBatch(manual, [{ login: 'm', game_password: 'p' }])).status).toBe(200);
    const gold = api.sandbox.control.offers(1).find((o) => o.marketplace_type === 1)?.id ?? 0;
    expect((await addBatch(gold, [{ login: 'g', game_password: 'p' }])).status).toBe(403);
    const foreign = api.sandbox.control.offers(2).find((o) => o.marketplace_type === 2)?.id ?? 0;
    expect((await addBatch(foreign, [{ login: 'f', game_password: 'p' }])).status).toBe(403);
    expect((await addBatch(999999, [{ login: 'u', game_password: 'p' }])).status).toBe(404);
    expect(
      (
        await api.call('POST', paths.addCredentials(manual), {
          body: { credentials: [] },
          token: null,
        })
      ).status,
    ).toBe(401);
  });
});

describe('replace_all, update, delete', () => {
  it('replace_all swaps the whole set and reports how many', async () => {
    const id = await newAccountOffer(3, [{ login: 'old', game_password: 'p' }]);
    const r = await api.call('PUT', paths.replaceCredentials(id), {
      body: {
        credentials: [
          { login: 'n1', game_password: 'p' },
          { login: 'n2', game_password: 'p' },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(replaceAllResponseSchema.parse(r.body).result.replaced).toBe(2);
    expect(api.sandbox.control.credentials(id).map((c) => c.login)).toEqual(['n1', 'n2']);
  });

  it('update returns the credential record and rehashes', async () => {
    const id = await newAccountOffer(3, [{ login: 'before', game_password: 'p' }]);
    const cred = api.sandbox.control.credentials(id)[0];
    const r = await api.call('PUT', paths.credential(id, cred?.id ?? 0), {
      body: { login: 'after', comment: 'c' },
    });
    expect(r.status).toBe(200);
    const record = updateCredentialResponseSchema.parse(r.body).result;
    expect(record).toMatchObject({ id: cred?.id, status: 1 });
    expect(record.updated_at).toMatch(/\.\d{3}Z$/);
    expect(api.sandbox.control.credentials(id)[0]?.login_hash).toBe(credentialHash('after'));
    const bad = await api.call('PUT', paths.credential(id, cred?.id ?? 0), {
      body: { login: 'x'.repeat(256) },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.login).toHaveLength(1);
  });

  it('delete removes one credential; the last one gone hides an Active Multiple offer', async () => {
    const id = await newAccountOffer(3, [{ login: 'only', game_password: 'p' }]);
    const attach = await api.call('POST', paths.attachLinks(id), {
      body: { urls: ['https://images.sandbox.test/c.png'] },
    });
    expect(attach.status).toBe(200);
    expect((await api.call('POST', paths.editStatus(id), { body: { status: 2 } })).status).toBe(
      200,
    );
    const cred = api.sandbox.control.credentials(id)[0]?.id ?? 0;
    const r = await api.call('DELETE', paths.credential(id, cred));
    expect(r.status).toBe(200);
    expect(api.sandbox.control.credentials(id)).toEqual([]);
    expect(offer(id)?.status).toBe(3);
    expect((await api.call('DELETE', paths.credential(id, cred))).status).toBe(404);
  });

  it('replace_all, update and delete need credential system Multiple (3) and ownership', async () => {
    const manual = await newAccountOffer(1);
    const body = { credentials: [{ login: 'x', game_password: 'p' }] };
    expect((await api.call('PUT', paths.replaceCredentials(manual), { body })).status).toBe(403);
    expect(
      (await api.call('PUT', paths.credential(manual, 1), { body: { login: 'y' } })).status,
    ).toBe(403);
    expect((await api.call('DELETE', paths.credential(manual, 1))).status).toBe(403);
    const foreign = api.sandbox.control.offers(2).find((o) => o.marketplace_type === 2)?.id ?? 0;
    expect((await api.call('PUT', paths.replaceCredentials(foreign), { body })).status).toBe(403);
    expect((await api.call('PUT', paths.replaceCredentials(999999), { body })).status).toBe(404);
    expect(
      (await api.call('PUT', paths.replaceCredentials(foreign), { body, token: null })).status,
    ).toBe(401);
  });
});

describe('sold out (purchases through the control)', () => {
  it('each purchase sells one credential; the last one sold makes the offer Not Active', async () => {
    const id = await newAccountOffer(3, [
      { login: 's1', game_password: 'p' },
      { login: 's2', game_password: 'p' },
    ]);
    await api.call('POST', paths.attachLinks(id), {
      body: { urls: ['https://images.sandbox.test/s.png'] },
    });
    await api.call('POST', paths.editStatus(id), { body: { status: 2 } });
    api.sandbox.control.simulatePurchase(id);
    expect(api.sandbox.control.credentials(id).map((c) => c.status)).toEqual([2, 1]);
    expect(offer(id)?.status).toBe(2);
    const before = offer(id)?.updated_at ?? '';
    api.sandbox.control.simulatePurchase(id);
    expect(offer(id)?.status).toBe(3);
    expect(offer(id)?.purchased_amount).toBe(2);
    expect(Date.parse(offer(id)?.updated_at ?? '')).toBeGreaterThan(Date.parse(before));
  });
});
