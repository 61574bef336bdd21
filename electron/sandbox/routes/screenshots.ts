// Screenshots: multipart upload, attach from approved links (the sandbox draws the image itself,
// never fetching anything), detach by URL or path, and the public storage that serves them.
import busboy from 'busboy';
import { limits } from '../../contract/marketplace/limits';
import { MarketplaceType, OfferStatus } from '../../contract/marketplace/wire';
import { uploadFieldName } from '../../contract/marketplace/assumptions';
import { sellerOf, type RequestContext } from '../context';
import { objectBody, ownOffer } from '../ownership';
import { imageKindOf, placeholderPng } from '../png';
import { json, message, validationFailed, type Reply } from '../reply';
import { MarketState } from '../state';

export function screenshotUrl(ctx: RequestContext, path: string): string {
  return `${ctx.settings.baseUrl}/${path}`;
}

export async function uploadScreenshot(ctx: RequestContext): Promise<Reply> {
  const seller = sellerOf(ctx);
  if (!ctx.contentType.toLowerCase().startsWith('multipart/form-data')) {
    return validationFailed({
      [uploadFieldName]: ['The screenshot must be sent as multipart/form-data.'],
    });
  }
  let file: Buffer | null;
  try {
    file = await fileFromMultipart(ctx.rawBody, ctx.contentType, uploadFieldName);
  } catch {
    return message(400, 'The multipart body could not be read.');
  }
  if (!file) return validationFailed({ [uploadFieldName]: ['The screenshot field is required.'] });
  if (file.length > limits.screenshotMaxBytes) {
    return validationFailed({
      [uploadFieldName]: ['The screenshot must not be greater than 5 MB.'],
    });
  }
  const kind = imageKindOf(file);
  if (!kind)
    return validationFailed({ [uploadFieldName]: ['The screenshot must be a JPEG or PNG image.'] });
  ctx.record.processed = true;
  const path = ctx.state.storeScreenshot(
    seller.id,
    file,
    kind === 'png' ? 'image/png' : 'image/jpeg',
    ctx.now,
  );
  return json(200, { path, url: screenshotUrl(ctx, path) });
}

function fileFromMultipart(
  body: Buffer,
  contentType: string,
  field: string,
): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 5 } });
    let found: Buffer | null = null;
    parser.on('file', (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (name === field && found === null) found = Buffer.concat(chunks);
      });
    });
    parser.on('error', reject);
    parser.on('close', () => resolve(found));
    parser.end(body);
  });
}

export function attachFromLinks(ctx: RequestContext): Reply {
  const seller = sellerOf(ctx);
  const offer = ownOffer(ctx, ctx.params.offerId);
  const body = objectBody(ctx);
  const urls = body.urls;
  if (!Array.isArray(urls) || urls.some((u) => typeof u !== 'string')) {
    return validationFailed({ urls: ['The urls field must be an array of strings.'] });
  }
  if (urls.length < 1 || urls.length > limits.urlsPerAttach) {
    return validationFailed({
      urls: [`The urls field must have between 1 and ${limits.urlsPerAttach} items.`],
    });
  }
  if (offer.screenshots.length + urls.length > limits.screenshotsMaxCount) {
    return validationFailed({
      urls: [
        `An offer can have at most ${limits.screenshotsMaxCount} screenshots; it has ${offer.screenshots.length}.`,
      ],
    });
  }
  ctx.record.processed = true;
  const uploaded: string[] = [];
  const failed: string[] = [];
  for (const url of urls as string[]) {
    if (!downloads(url, seller.approvedDomains)) {
      failed.push(url);
      continue;
    }
    const path = ctx.state.storeScreenshot(
      seller.id,
      placeholderPng(url),
      'image/png',
      ctx.now + ctx.settings.attachVisibleAfterMs,
    );
    offer.screenshots.push(path);
    uploaded.push(screenshotUrl(ctx, path));
  }
  if (uploaded.length > 0) {
    if (!offer.image) offer.image = offer.screenshots[0] ?? '';
    ctx.state.touch(offer);
  }
  return json(200, { uploaded, failed });
}

/** On an approved domain a URL "downloads" unless its path says `fail`. */
function downloads(url: string, approvedDomains: string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (!approvedDomains.includes(parsed.hostname.toLowerCase())) return false;
  return !parsed.pathname.toLowerCase().includes('fail');
}

export function detachScreenshot(ctx: RequestContext): Reply {
  const offer = ownOffer(ctx, ctx.params.offerId);
  const body = objectBody(ctx);
  const given = body.screenshot_url;
  if (given === undefined || given === null || given === '') {
    // The API document's body for this error: field → messages, no `message`.
    return json(422, { screenshot_url: ['The screenshot url field is required.'] });
  }
  if (typeof given !== 'string')
    return json(422, { screenshot_url: ['The screenshot url must be a string.'] });
  const path = MarketState.screenshotPath(given);
  if (!offer.screenshots.includes(path)) {
    return json(422, { screenshot_url: ['The screenshot is not attached to this offer.'] });
  }
  ctx.record.processed = true;
  offer.screenshots = offer.screenshots.filter((s) => s !== path);
  if (offer.image === path) offer.image = offer.screenshots[0] ?? '';
  if (offer.marketplace_type === MarketplaceType.Account && offer.screenshots.length === 0) {
    offer.status = OfferStatus.Draft;
  }
  ctx.state.touch(offer);
  return json(200, { message: 'Screenshot detached.', screenshots: offer.screenshots });
}

export function storageFile(ctx: RequestContext): Reply {
  const shot = ctx.state.screenshots.get(ctx.path.replace(/^\//, ''));
  if (!shot || shot.visibleAt > ctx.now) return message(404, 'File not found.');
  return { status: 200, body: null, raw: { bytes: shot.bytes, contentType: shot.contentType } };
}
