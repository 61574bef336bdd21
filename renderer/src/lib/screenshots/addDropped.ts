// What happens to a drop (or a paste, or picked files): files become references main can open,
// links go as links, and `screenshots.add` answers per item. Shared by the drop zone and the
// offers table's row drop target, and free of the DOM beyond `File`, so it is tested in Node.
import { translate, type Locale } from '../../../../electron/contract/i18n';
import { currentLocale } from '../i18nText';
import { explainError } from '../errorText';
import type { ScreenshotAddApi, ScreenshotAddOutcome } from './addOutcome';

export type AddDroppedResult =
  | { kind: 'added'; outcome: ScreenshotAddOutcome; sentLinks: boolean }
  | { kind: 'failed'; message: string }
  | { kind: 'nothing' }
  /**
   * Links from sites the marketplace refused links from before: nothing was queued; the seller
   * adds them anyway (`again()`) or lets them go.
   */
  | { kind: 'domainRefused'; domains: string[]; again: () => Promise<AddDroppedResult> };

/** A file that cannot become a reference (e.g. an image dragged from a page) is a refusal. */
async function referencesOf(api: ScreenshotAddApi, files: readonly File[], locale: Locale) {
  const refs: string[] = [];
  const refused: ScreenshotAddOutcome['refused'] = [];
  for (const file of files) {
    const ref = await api.fileRef(file).catch(() => '');
    if (ref) refs.push(ref);
    else {
      refused.push({
        item: file.name || translate(locale, 'screenshots.droppedFile'),
        reason: translate(locale, 'screenshots.cannotRead'),
      });
    }
  }
  return { refs, refused };
}

export async function addDroppedScreenshots(
  api: ScreenshotAddApi,
  localId: number,
  files: readonly File[],
  urls: readonly string[],
  locale: Locale = currentLocale(),
): Promise<AddDroppedResult> {
  if (files.length === 0 && urls.length === 0) return { kind: 'nothing' };
  let refs: string[] = [];
  let localRefused: ScreenshotAddOutcome['refused'] = [];
  let links = [...urls];
  if (files.length > 0) {
    ({ refs, refused: localRefused } = await referencesOf(api, files, locale));
    if (refs.length > 0 || links.length === 0) {
      // Files from a folder also come as file:// addresses; the files are what counts.
      links = [];
    } else {
      // An image dragged out of a page: a file without a path, and its address. Use the address.
      localRefused = [];
    }
  }
  if (refs.length === 0 && links.length === 0) {
    return { kind: 'added', outcome: { accepted: 0, refused: localRefused }, sentLinks: false };
  }
  return send(api, localId, refs, links, localRefused, false);
}

async function send(
  api: ScreenshotAddApi,
  localId: number,
  refs: string[],
  links: string[],
  localRefused: ScreenshotAddOutcome['refused'],
  anyway: boolean,
): Promise<AddDroppedResult> {
  try {
    const result = await api.screenshots.add({
      localId,
      files: refs,
      urls: links,
      // Said only when the seller chose it, so an ordinary add reads as it always did.
      ...(anyway && { anyway: true }),
    });
    if (!result.ok) return { kind: 'failed', message: explainError(result.error) };
    const domains = result.value.refusedDomains ?? [];
    if (domains.length > 0) {
      return {
        kind: 'domainRefused',
        domains,
        again: () => send(api, localId, refs, links, localRefused, true),
      };
    }
    return {
      kind: 'added',
      outcome: {
        accepted: result.value.accepted,
        refused: [...localRefused, ...result.value.refused],
      },
      sentLinks: links.length > 0,
    };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

/** "Choose files…": the native picker, then the same add. A cancelled pick adds nothing. */
export async function addPickedScreenshots(
  api: ScreenshotAddApi,
  localId: number,
): Promise<AddDroppedResult> {
  const picked = await api.dialogs.pickFiles({ purpose: 'screenshots' });
  if (!picked.ok) {
    return picked.error.kind === 'cancelled'
      ? { kind: 'nothing' }
      : { kind: 'failed', message: explainError(picked.error) };
  }
  if (picked.value.length === 0) return { kind: 'nothing' };
  const result = await api.screenshots.add({ localId, files: picked.value, urls: [] });
  if (!result.ok) return { kind: 'failed', message: explainError(result.error) };
  return { kind: 'added', outcome: result.value, sentLinks: false };
}
