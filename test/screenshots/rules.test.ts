// The warnings the seller sees, checked against what the sandbox really does: detaching the last
// screenshot of an account offer sends it to Draft; attaching uploaded files (a manage edit) sends
// a live account offer back to review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../electron/contract/marketplace/wire';
import {
  attachEditSendsBackToReview,
  removingLastScreenshotSendsToDraft,
  stageScreenshotFile,
  type ScreenshotRuleOffer,
} from '../../electron/core/screenshots';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { pngBytes, tempFolder, type TempFolder } from './images';
import { sellerClient, type SellerClient } from './sellerClient';

let sandbox: Sandbox;
let seller: SellerClient;
let api: SellerClient['client'];
let folder: TempFolder;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, windowMs: 1000 });
  seller = sellerClient(sandbox);
  api = seller.client;
  folder = tempFolder();
});
afterAll(async () => {
  await seller.close();
  await sandbox.close();
  folder.remove();
});

const ruleView = (offer: Offer): ScreenshotRuleOffer => ({
  marketplaceType: offer.marketplace_type,
  status: offer.status,
  screenshots: offer.screenshots.length,
});

function sellerOffer(match: (o: Offer) => boolean): Offer {
  const offer = sandbox.control.offers(1).find(match);
  if (!offer) throw new Error('the demo seed lacks the offer this test needs');
  return offer;
}

const current = (id: number) => sandbox.control.offers(1).find((o) => o.id === id)!;

describe('removing the last screenshot of an account offer', () => {
  it('is predicted, and detach really sends the offer to Draft', async () => {
    const offer = sellerOffer(
      (o) => o.marketplace_type === 2 && o.status === 2 && o.screenshots.length === 1,
    );
    expect(removingLastScreenshotSendsToDraft(ruleView(offer))).toBe(true);
    const response = await api.detachScreenshot(offer.id, offer.screenshots[0]!);
    expect(response.screenshots).toEqual([]);
    expect(current(offer.id).status).toBe(1);
  });

  it('is not predicted when others remain, and the status stays', async () => {
    const offer = sellerOffer(
      (o) => o.marketplace_type === 2 && o.status === 5 && o.screenshots.length === 2,
    );
    expect(removingLastScreenshotSendsToDraft(ruleView(offer))).toBe(false);
    await api.detachScreenshot(offer.id, offer.screenshots[1]!);
    const after = current(offer.id);
    expect(after.status).toBe(5);
    // Now it is the last one: the rule flips, and so does the marketplace.
    expect(removingLastScreenshotSendsToDraft(ruleView(after))).toBe(true);
    await api.detachScreenshot(offer.id, after.screenshots[0]!);
    expect(current(offer.id).status).toBe(1);
  });

  it('does not apply to gold offers or to offers the server has not seen', async () => {
    expect(
      removingLastScreenshotSendsToDraft({ marketplaceType: 1, status: 2, screenshots: 1 }),
    ).toBe(false);
    expect(
      removingLastScreenshotSendsToDraft({ marketplaceType: 2, status: null, screenshots: 1 }),
    ).toBe(false);
    expect(
      removingLastScreenshotSendsToDraft({ marketplaceType: 2, status: 1, screenshots: 1 }),
    ).toBe(false);
  });
});

describe('attaching uploaded files through a manage edit', () => {
  async function attachUploadedFile(offer: Offer): Promise<Offer> {
    const staged = await stageScreenshotFile(
      folder.write(`add-${offer.id}.png`, pngBytes(String(offer.id))),
      folder.dir + '/data',
    );
    const uploaded = await api.uploadScreenshot(staged);
    const result = await api.manageOffers(offer.product_id, {
      offers: [{ id: offer.id, screenshots: [...offer.screenshots, uploaded.path] }],
      guarantee_delivery_time: offer.guarantee_delivery_time,
    });
    expect(result.results[0]?.status).toBe('ok');
    return current(offer.id);
  }

  it('warns for a live account offer, which the edit really sends back to review', async () => {
    const offer = sellerOffer((o) => o.marketplace_type === 2 && o.status === 8);
    expect(attachEditSendsBackToReview(ruleView(offer))).toBe(true);
    const after = await attachUploadedFile(offer);
    expect(after.screenshots).toHaveLength(offer.screenshots.length + 1);
    expect(after.status).toBe(5);
  });

  it('stays quiet for a gold offer, which stays Active', async () => {
    const offer = sellerOffer((o) => o.marketplace_type === 1 && o.status === 2);
    expect(attachEditSendsBackToReview(ruleView(offer))).toBe(false);
    expect((await attachUploadedFile(offer)).status).toBe(2);
  });

  it('stays quiet for an account offer already on review, or not yet on the server', () => {
    const onReview = sellerOffer((o) => o.marketplace_type === 2 && o.status === 5);
    expect(attachEditSendsBackToReview(ruleView(onReview))).toBe(false);
    expect(attachEditSendsBackToReview({ marketplaceType: 2, status: null, screenshots: 0 })).toBe(
      false,
    );
  });
});
