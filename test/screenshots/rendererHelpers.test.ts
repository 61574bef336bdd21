// The renderer's pure screenshot helpers: what a browser drag carries, the thumbnail retry, and
// which removals deserve the Draft question.
import { describe, expect, it } from 'vitest';
import type { Screenshot } from '../../electron/contract/ipc/models';
import {
  addDroppedScreenshots,
  addPickedScreenshots,
} from '../../renderer/src/lib/screenshots/addDropped';
import { shortItem, summarizeAdd } from '../../renderer/src/lib/screenshots/addOutcome';
import {
  dragPayloadOf,
  imageSourcesInHtml,
  linksFromDrop,
  parseUriList,
} from '../../renderer/src/lib/screenshots/droppedLinks';
import {
  addingFilesSendsBackToReview,
  removalSendsToDraft,
  screenshotLabel,
  stripCounts,
} from '../../renderer/src/lib/screenshots/stripView';
import {
  afterThumbnailError,
  afterThumbnailLoad,
  afterThumbnailWait,
  initialThumbnail,
  thumbnailAttemptUrl,
  type ThumbnailState,
} from '../../renderer/src/lib/screenshots/thumbnailRetry';

const dataOf =
  (items: Record<string, string>) =>
  (type: string): string =>
    items[type] ?? '';

describe('what a drop carries', () => {
  it('tells files from links while dragging', () => {
    expect(dragPayloadOf(['Files', 'text/uri-list'])).toBe('files');
    expect(dragPayloadOf(['text/uri-list', 'text/html'])).toBe('links');
    expect(dragPayloadOf(['application/x-moz-nativeimage'])).toBe('none');
  });

  it('reads a uri-list, skipping comments and blank lines', () => {
    expect(
      parseUriList('# dragged from a page\r\nhttps://a.test/1.png\r\n\r\nhttps://a.test/2.png'),
    ).toEqual(['https://a.test/1.png', 'https://a.test/2.png']);
  });

  it('prefers the dragged image over the link it sits in', () => {
    const links = linksFromDrop(
      dataOf({
        'text/uri-list': 'https://shop.test/item/42',
        'text/html':
          '<a href="https://shop.test/item/42"><img alt="x" src="https://images.sandbox.test/42.png?w=1&amp;h=2"></a>',
      }),
    );
    expect(links).toEqual(['https://images.sandbox.test/42.png?w=1&h=2']);
  });

  it('takes several links from a uri-list, else from plain text, deduped', () => {
    expect(
      linksFromDrop(dataOf({ 'text/uri-list': 'https://a.test/1.png\nhttps://a.test/1.png' })),
    ).toEqual(['https://a.test/1.png']);
    expect(
      linksFromDrop(dataOf({ 'text/plain': 'https://a.test/1.png https://a.test/2.png\n' })),
    ).toEqual(['https://a.test/1.png', 'https://a.test/2.png']);
    expect(linksFromDrop(() => '')).toEqual([]);
    // Some browsers throw on types they do not carry; a drop must not fail for it.
    expect(
      linksFromDrop((type) => {
        if (type === 'text/html') throw new Error('denied');
        return type === 'text/uri-list' ? 'https://a.test/3.png' : '';
      }),
    ).toEqual(['https://a.test/3.png']);
  });

  it('ignores inline data images and single-quoted or bare sources alike', () => {
    expect(
      imageSourcesInHtml(
        `<img src='https://a.test/q.png'><img src=https://a.test/bare.png><img src="data:image/png;base64,AAAA">`,
      ),
    ).toEqual(['https://a.test/q.png', 'https://a.test/bare.png']);
  });
});

describe('thumbnail retry', () => {
  const policy = { attempts: 3, baseMs: 100, maxMs: 150 };

  it('waits longer each time, then gives up quietly', () => {
    let state: ThumbnailState = initialThumbnail;
    state = afterThumbnailError(state, policy);
    expect(state).toEqual({ phase: 'waiting', attempt: 0, delayMs: 100 });
    state = afterThumbnailWait(state);
    expect(state).toEqual({ phase: 'loading', attempt: 1 });
    state = afterThumbnailError(state, policy);
    expect(state).toEqual({ phase: 'waiting', attempt: 1, delayMs: 150 });
    state = afterThumbnailError(afterThumbnailWait(state), policy);
    expect(state).toEqual({ phase: 'gaveUp', attempt: 2 });
  });

  it('shows the image once one attempt loads', () => {
    const loading = afterThumbnailWait(afterThumbnailError(initialThumbnail, policy));
    expect(afterThumbnailLoad(loading)).toEqual({ phase: 'shown', attempt: 1 });
  });

  it('asks again under a fresh address, keeping query and fragment', () => {
    expect(thumbnailAttemptUrl('http://h/s.png', 0)).toBe('http://h/s.png');
    expect(thumbnailAttemptUrl('http://h/s.png', 2)).toBe('http://h/s.png?sd-retry=2');
    expect(thumbnailAttemptUrl('http://h/s.png?w=64#top', 1)).toBe(
      'http://h/s.png?w=64&sd-retry=1#top',
    );
    expect(thumbnailAttemptUrl('blob:app/123', 3)).toBe('blob:app/123');
  });
});

describe('strip rules', () => {
  const shot = (ref: string, state: Screenshot['state']): Screenshot => ({
    ref,
    thumbnailUrl: `http://h/${ref}`,
    state,
    problem: state === 'failed' ? 'not approved' : null,
  });
  const live = { marketplaceType: 2 as const, status: 2 as const };

  it('counts what the offer will hold and the room left', () => {
    const counts = stripCounts([
      shot('a', 'attached'),
      shot('b', 'queued'),
      shot('c', 'failed'),
      shot('d', 'leaving'),
    ]);
    // A screenshot whose removal is queued is no longer counted as held.
    expect(counts).toEqual({ attached: 1, queued: 1, failed: 1, leaving: 1, total: 2, room: 18 });
  });

  it('asks before removing the last one that stays, not counting one already leaving', () => {
    const only = shot('a', 'attached');
    expect(removalSendsToDraft(only, [only, shot('l', 'leaving')], live)).toBe(true);
  });

  it('asks before detaching the last attached screenshot of a live account offer only', () => {
    const only = shot('a', 'attached');
    expect(removalSendsToDraft(only, [only], live)).toBe(true);
    expect(removalSendsToDraft(only, [only, shot('f', 'failed')], live)).toBe(true);
    expect(removalSendsToDraft(only, [only, shot('b', 'attached')], live)).toBe(false);
    expect(removalSendsToDraft(only, [only, shot('q', 'queued')], live)).toBe(false);
    expect(removalSendsToDraft(only, [only], { marketplaceType: 1, status: 2 })).toBe(false);
    const queued = shot('q', 'queued');
    expect(removalSendsToDraft(queued, [queued], live)).toBe(false);
  });

  it('notes the trip back to review for live account offers', () => {
    expect(addingFilesSendsBackToReview(live, [])).toBe(true);
    expect(addingFilesSendsBackToReview({ marketplaceType: 2, status: 5 }, [])).toBe(false);
    expect(addingFilesSendsBackToReview({ marketplaceType: 1, status: 2 }, [])).toBe(false);
  });

  it('labels a screenshot by the last part of its address', () => {
    expect(screenshotLabel(shot('storage/screenshots/1/17.png?x=1', 'attached'))).toBe('17.png');
    expect(screenshotLabel(shot(`${'x'.repeat(60)}.png`, 'queued'))).toMatch(/^x{18}…x{14}\.png$/);
  });
});

describe('add outcome', () => {
  it('sums up accepted and refused items in words', () => {
    expect(summarizeAdd({ accepted: 2, refused: [] })).toBe('2 screenshots added.');
    expect(summarizeAdd({ accepted: 1, refused: [{ item: 'a', reason: 'r' }] })).toBe(
      '1 screenshot added; 1 item was refused.',
    );
    expect(
      summarizeAdd({
        accepted: 0,
        refused: [
          { item: 'a', reason: 'r' },
          { item: 'b', reason: 'r' },
        ],
      }),
    ).toBe('Nothing added: 2 items were refused.');
  });

  it('shortens long items from the middle', () => {
    const item = `/home/seller/${'deep/'.repeat(20)}shot.png`;
    const short = shortItem(item, 30);
    expect(short.length).toBeLessThanOrEqual(30);
    expect(short.startsWith('/home/seller/')).toBe(true);
    expect(short.endsWith('shot.png')).toBe(true);
  });
});

describe('adding what was dropped', () => {
  type AddInput = { localId: number; files?: string[]; urls?: string[] };

  /** Answers like main: refuses any item containing "bad". */
  function recordingApi(options: { pathless?: string[]; pick?: string[] | 'cancel' } = {}) {
    const sent: AddInput[] = [];
    const api = {
      fileRef: async (file: File) => {
        if (options.pathless?.includes(file.name)) throw new Error('no path');
        return `/dropped/${file.name}`;
      },
      screenshots: {
        add: async (input: AddInput) => {
          sent.push(input);
          const items = [...(input.files ?? []), ...(input.urls ?? [])];
          const refused = items
            .filter((i) => i.includes('bad'))
            .map((item) => ({ item, reason: 'is not a JPEG or PNG image' }));
          return {
            ok: true as const,
            value: { accepted: items.length - refused.length, refused },
          };
        },
      },
      dialogs: {
        pickFiles: async () =>
          options.pick === 'cancel'
            ? { ok: false as const, error: { kind: 'cancelled' as const, message: 'Cancelled.' } }
            : { ok: true as const, value: options.pick ?? [] },
      },
    };
    return { api, sent };
  }
  const file = (name: string) => new File(['x'], name, { type: 'image/png' });

  it('sends files as references and ignores the file:// links a file manager adds', async () => {
    const { api, sent } = recordingApi();
    const result = await addDroppedScreenshots(
      api,
      4,
      [file('a.png'), file('bad.png')],
      ['file:///home/me/a.png'],
    );
    expect(sent).toEqual([{ localId: 4, files: ['/dropped/a.png', '/dropped/bad.png'], urls: [] }]);
    expect(result).toEqual({
      kind: 'added',
      outcome: {
        accepted: 1,
        refused: [{ item: '/dropped/bad.png', reason: 'is not a JPEG or PNG image' }],
      },
      sentLinks: false,
    });
  });

  it('uses the links when the dropped files have no path (an image dragged from a page)', async () => {
    const { api, sent } = recordingApi({ pathless: ['img.png'] });
    const result = await addDroppedScreenshots(api, 4, [file('img.png')], ['https://a.test/i.png']);
    expect(sent).toEqual([{ localId: 4, files: [], urls: ['https://a.test/i.png'] }]);
    expect(result).toMatchObject({ kind: 'added', sentLinks: true, outcome: { refused: [] } });
  });

  it('refuses a pathless file with nothing else to go on, without calling main', async () => {
    const { api, sent } = recordingApi({ pathless: ['clip.png'] });
    const result = await addDroppedScreenshots(api, 4, [file('clip.png')], []);
    expect(sent).toEqual([]);
    expect(result).toMatchObject({
      kind: 'added',
      outcome: { accepted: 0, refused: [{ item: 'clip.png' }] },
    });
  });

  it('reports a failed call in words and adds nothing for an empty drop or a cancelled pick', async () => {
    const { api } = recordingApi({ pick: 'cancel' });
    const offline = {
      ...api,
      screenshots: {
        add: async () => ({
          ok: false as const,
          error: { kind: 'offline' as const, message: 'No connection.' },
        }),
      },
    };
    const failed = await addDroppedScreenshots(offline, 4, [], ['https://a.test/1.png']);
    expect(failed).toMatchObject({ kind: 'failed' });
    expect(failed.kind === 'failed' && failed.message).toMatch(/^No connection\. .*queue/);
    expect(await addDroppedScreenshots(api, 4, [], [])).toEqual({ kind: 'nothing' });
    expect(await addPickedScreenshots(api, 4)).toEqual({ kind: 'nothing' });
  });

  it('sends picked files as they are', async () => {
    const { api, sent } = recordingApi({ pick: ['/picked/x.png'] });
    expect(await addPickedScreenshots(api, 9)).toMatchObject({ kind: 'added', sentLinks: false });
    expect(sent).toEqual([{ localId: 9, files: ['/picked/x.png'], urls: [] }]);
  });
});
