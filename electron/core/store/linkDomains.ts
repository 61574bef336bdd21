// The domains of screenshot links the marketplace answered for, kept in the profile's own file
// (meta): a domain whose every link it refused, and a domain it accepted a link from. A refusal
// does not say why (the domain or the image), so a domain that ever accepted a link is approved
// and a later failure from it is the image's; a refused domain that accepts a link is forgotten.
import { linkDomainOf } from '../../contract/rules/screenshots';
import { getMeta, setMeta } from './meta';
import type { StoreContext } from './context';

const KEY = 'screenshot_link_domains';

export interface LinkDomains {
  refused: string[];
  accepted: string[];
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];

export function linkDomainsOf(ctx: StoreContext): LinkDomains {
  const raw = getMeta(ctx, KEY);
  if (raw === null) return { refused: [], accepted: [] };
  try {
    const parsed = JSON.parse(raw) as { refused?: unknown; accepted?: unknown };
    return { refused: strings(parsed.refused), accepted: strings(parsed.accepted) };
  } catch {
    return { refused: [], accepted: [] };
  }
}

/** One answer to links sent: the failed ones are among `sent`. */
export function noteLinkAnswer(
  ctx: StoreContext,
  sent: readonly string[],
  failed: readonly string[],
): void {
  const failedSet = new Set(failed);
  const refusedNow = new Set<string>();
  const acceptedNow = new Set<string>();
  for (const url of sent) {
    const domain = linkDomainOf(url);
    if (domain === null) continue;
    if (failedSet.has(url)) refusedNow.add(domain);
    else acceptedNow.add(domain);
  }
  if (refusedNow.size === 0 && acceptedNow.size === 0) return;
  const known = linkDomainsOf(ctx);
  const accepted = new Set([...known.accepted, ...acceptedNow]);
  const refused = new Set(known.refused);
  for (const d of refusedNow) if (!acceptedNow.has(d) && !accepted.has(d)) refused.add(d);
  for (const d of accepted) refused.delete(d);
  setMeta(
    ctx,
    KEY,
    JSON.stringify({ refused: [...refused].sort(), accepted: [...accepted].sort() }),
  );
}
