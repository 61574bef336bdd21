// What a drag from a browser carries. An image dragged out of a page brings its address as
// `text/uri-list` and often an `<img src>` in `text/html` (the uri-list may then be the link the
// image sits in, not the image), a selection of text brings `text/plain`. Pure: the component
// hands in `dataTransfer.getData`.
import { splitUrlText } from '../../../../electron/contract/rules/screenshots';

export type DragPayload = 'files' | 'links' | 'none';

/** What is being dragged over, from `dataTransfer.types` (the contents stay hidden until drop). */
export function dragPayloadOf(types: readonly string[]): DragPayload {
  if (types.includes('Files')) return 'files';
  if (types.some((t) => t === 'text/uri-list' || t === 'text/plain' || t === 'text/html')) {
    return 'links';
  }
  return 'none';
}

/** The addresses in a `text/uri-list` body (RFC 2483: one per line, `#` starts a comment). */
export function parseUriList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
}

const imgSrc = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/** Image addresses in dragged HTML, in document order, with the common entities decoded. */
export function imageSourcesInHtml(html: string): string[] {
  return [...html.matchAll(imgSrc)]
    .map((m) => decodeEntities(m[1] ?? m[2] ?? m[3] ?? '').trim())
    .filter((src) => /^https?:\/\//i.test(src));
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/**
 * The links a drop or paste carries, unique, in order: the dragged images first, else the
 * uri-list, else whatever text was dropped (several links per line allowed). Validation of each
 * link is main's job; this only finds the candidates.
 */
export function linksFromDrop(getData: (type: string) => string): string[] {
  const read = (type: string) => {
    try {
      return getData(type) ?? '';
    } catch {
      return '';
    }
  };
  const images = imageSourcesInHtml(read('text/html'));
  const candidates =
    images.length > 0
      ? images
      : (() => {
          const listed = parseUriList(read('text/uri-list'));
          return listed.length > 0 ? listed : splitUrlText(read('text/plain'));
        })();
  return [...new Set(candidates)];
}
