// Dropped files: checked by their bytes, refused one by one with a reason, staged into the data
// folder so the original may move, and accepted by the sandbox's upload_screenshot as real images.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  truncateSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../electron/contract/marketplace/limits';
import { paths, uploadFieldName } from '../../electron/contract/marketplace/assumptions';
import {
  checkScreenshotFile,
  isStagedScreenshot,
  planScreenshotAdd,
  prepareScreenshotAdd,
  removeStagedScreenshot,
  removeUnfinishedStagings,
  stagedScreenshotsDir,
  stageScreenshotFile,
  StageScreenshotError,
  type CheckedScreenshotFile,
} from '../../electron/core/screenshots';
import { startSandbox, type Sandbox } from '../../electron/sandbox';
import { gifBytes, jpegBytes, pngBytes, tempFolder, type TempFolder } from './images';
import { sellerClient, type SellerClient } from './sellerClient';

/** The refusals as the command line prints them (the app's catalogue message aside). */
const englishOf = (refused: readonly { item: string; reason: string }[]) =>
  refused.map(({ item, reason }) => ({ item, reason }));

let folder: TempFolder;
beforeAll(() => {
  folder = tempFolder();
});
afterAll(() => folder.remove());

function refusal(checked: CheckedScreenshotFile): string {
  if (checked.ok) throw new Error(`${checked.name} was accepted`);
  return checked.reason;
}

describe('checkScreenshotFile', () => {
  it('accepts a PNG and a JPEG, typed by their bytes whatever their names say', async () => {
    const png = await checkScreenshotFile(folder.write('shot.png', pngBytes()));
    expect(png).toMatchObject({
      ok: true,
      kind: 'png',
      name: 'shot.png',
      bytes: pngBytes().length,
    });
    const jpeg = await checkScreenshotFile(folder.write('photo.jpeg', jpegBytes()));
    expect(jpeg).toMatchObject({ ok: true, kind: 'jpeg', bytes: jpegBytes().length });
    // A JPEG saved as .png is still a JPEG.
    const misnamed = await checkScreenshotFile(folder.write('really-a-jpeg.png', jpegBytes()));
    expect(misnamed).toMatchObject({ ok: true, kind: 'jpeg' });
  });

  it('refuses a renamed non-image, naming what it is when it can', async () => {
    const text = await checkScreenshotFile(folder.write('notes.png', 'just some text, not pixels'));
    expect(refusal(text)).toMatch(/not a JPEG or PNG image/);
    const gif = await checkScreenshotFile(folder.write('anim.jpg', gifBytes()));
    expect(refusal(gif)).toBe(
      'is a GIF image; the marketplace accepts only JPEG and PNG screenshots',
    );
    const pdf = await checkScreenshotFile(folder.write('scan.png', '%PDF-1.7\n...'));
    expect(refusal(pdf)).toMatch(/PDF document/);
  });

  it('refuses an empty file, a folder and a missing file, each with its own reason', async () => {
    expect(refusal(await checkScreenshotFile(folder.write('empty.png', '')))).toBe('is empty');
    const dir = join(folder.dir, 'album.png');
    mkdirSync(dir);
    expect(refusal(await checkScreenshotFile(dir))).toBe('is a folder, not an image file');
    expect(refusal(await checkScreenshotFile(join(folder.dir, 'gone.png')))).toMatch(/not found/);
  });

  it('takes exactly 5 MB and refuses one byte more, with both sizes in the reason', async () => {
    const atLimit = folder.write('at-limit.png', pngBytes());
    truncateSync(atLimit, limits.screenshotMaxBytes);
    expect(await checkScreenshotFile(atLimit)).toMatchObject({
      ok: true,
      bytes: limits.screenshotMaxBytes,
    });
    const over = folder.write('over.png', pngBytes());
    truncateSync(over, limits.screenshotMaxBytes + 1);
    expect(refusal(await checkScreenshotFile(over))).toBe(
      'is 5.0 MB; the marketplace accepts screenshots up to 5.0 MB',
    );
  });

  it('reads only the header: a 4 GB file is refused without being read', async () => {
    // Sparse, so it costs no disk; reading it whole would take seconds.
    const huge = folder.write('movie.png', pngBytes());
    truncateSync(huge, 4 * 1024 ** 3);
    const started = performance.now();
    expect(refusal(await checkScreenshotFile(huge))).toMatch(/^is 4096\.0 MB/);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('planScreenshotAdd', () => {
  const ok = (name: string): CheckedScreenshotFile => ({
    ok: true,
    path: `/drop/${name}`,
    name,
    kind: 'png',
    bytes: 10,
  });

  it('fills the offer up to 20 in drop order and refuses the rest per item', () => {
    const bad: CheckedScreenshotFile = {
      ok: false,
      path: '/drop/x.txt',
      name: 'x.txt',
      reason: 'is empty',
    };
    const plan = planScreenshotAdd({
      existing: 18,
      files: [ok('a.png'), bad, ok('b.png'), ok('c.png')],
      urls: ['https://images.sandbox.test/1.png'],
    });
    expect(plan.files.map((f) => f.name)).toEqual(['a.png', 'b.png']);
    expect(plan.urls).toEqual([]);
    expect(englishOf(plan.refused)).toEqual([
      { item: 'x.txt', reason: 'is empty' },
      { item: 'c.png', reason: 'would exceed the 20 screenshots an offer can hold' },
      {
        item: 'https://images.sandbox.test/1.png',
        reason: 'would exceed the 20 screenshots an offer can hold',
      },
    ]);
  });

  it('counts a file dropped twice once', () => {
    const plan = planScreenshotAdd({ existing: 0, files: [ok('a.png'), ok('a.png')], urls: [] });
    expect(plan.files).toHaveLength(1);
    expect(englishOf(plan.refused)).toEqual([
      { item: 'a.png', reason: 'was dropped twice; added once' },
    ]);
  });

  it('refuses everything for a full offer', () => {
    const plan = planScreenshotAdd({
      existing: 20,
      files: [ok('a.png')],
      urls: ['https://x.test/'],
    });
    expect(plan.files).toEqual([]);
    expect(plan.urls).toEqual([]);
    expect(plan.refused).toHaveLength(2);
  });
});

describe('stageScreenshotFile', () => {
  it('copies into <data>/screenshots under a fresh name, extension by bytes, original free to move', async () => {
    const dataDir = join(folder.dir, 'data-stage');
    const original = folder.write('holiday.png', jpegBytes());
    const staged = await stageScreenshotFile(original, dataDir);
    expect(staged.startsWith(stagedScreenshotsDir(dataDir))).toBe(true);
    expect(staged).toMatch(/[0-9a-f-]{36}\.jpg$/);
    renameSync(original, join(folder.dir, 'moved-away.png'));
    expect(readFileSync(staged).equals(jpegBytes())).toBe(true);
    expect(
      readdirSync(stagedScreenshotsDir(dataDir)).filter((n) => n.endsWith('.partial')),
    ).toEqual([]);
    const again = await stageScreenshotFile(join(folder.dir, 'moved-away.png'), dataDir);
    expect(again).not.toBe(staged);
  });

  it('refuses a file that stopped being an image after the drop and leaves no copy', async () => {
    const dataDir = join(folder.dir, 'data-changed');
    const path = folder.write('changing.png', 'overwritten with text after the check');
    await expect(stageScreenshotFile(path, dataDir)).rejects.toBeInstanceOf(StageScreenshotError);
    expect(readdirSync(stagedScreenshotsDir(dataDir))).toEqual([]);
  });

  it('removes only its own staged files, and sweeps half-written copies', async () => {
    const dataDir = join(folder.dir, 'data-remove');
    const staged = await stageScreenshotFile(folder.write('r.png', pngBytes()), dataDir);
    expect(isStagedScreenshot(staged, dataDir)).toBe(true);
    const outside = folder.write('keep.png', pngBytes());
    await expect(removeStagedScreenshot(outside, dataDir)).rejects.toThrow(/outside/);
    await expect(
      removeStagedScreenshot(join(stagedScreenshotsDir(dataDir), '..', 'keep.png'), dataDir),
    ).rejects.toThrow(/outside/);
    expect(existsSync(outside)).toBe(true);
    await removeStagedScreenshot(staged, dataDir);
    expect(existsSync(staged)).toBe(false);

    folder.write('data-remove/screenshots/abc.partial', pngBytes());
    expect(await removeUnfinishedStagings(dataDir)).toBe(1);
    expect(readdirSync(stagedScreenshotsDir(dataDir))).toEqual([]);
  });
});

describe('prepareScreenshotAdd', () => {
  it('stages the accepted files and explains every refused file and link', async () => {
    const dataDir = join(folder.dir, 'data-prepare');
    const result = await prepareScreenshotAdd({
      existing: 17,
      files: [
        folder.write('p1.png', pngBytes('p1')),
        folder.write('fake.jpg', 'MZ not an image'),
        folder.write('j1.jpg', jpegBytes()),
      ],
      urls: [
        'https://images.sandbox.test/a.png\nhttps://images.sandbox.test/b.png',
        'ftp://x/y.png',
      ],
      dataDir,
    });
    expect(result.files.map((f) => [f.name, f.kind])).toEqual([
      ['p1.png', 'png'],
      ['j1.jpg', 'jpeg'],
    ]);
    expect(result.urls).toEqual(['https://images.sandbox.test/a.png']);
    expect(result.refused.map((r) => r.item)).toEqual([
      'fake.jpg',
      'https://images.sandbox.test/b.png',
      'ftp://x/y.png',
    ]);
    expect(readdirSync(stagedScreenshotsDir(dataDir)).sort()).toEqual(
      result.files.map((f) => f.stagedPath.split(/[\\/]/).pop()).sort(),
    );
  });
});

describe('staged files against the sandbox', () => {
  let sandbox: Sandbox;
  let seller: SellerClient;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, windowMs: 1000 });
    seller = sellerClient(sandbox);
  });
  afterAll(async () => {
    await seller.close();
    await sandbox.close();
  });

  it('upload_screenshot stores the staged PNG and JPEG byte for byte', async () => {
    const api = seller.client;
    const dataDir = join(folder.dir, 'data-upload');
    for (const bytes of [pngBytes('upload'), jpegBytes()]) {
      const staged = await stageScreenshotFile(folder.write('up.bin', bytes), dataDir);
      const uploaded = await api.uploadScreenshot(staged);
      expect(sandbox.control.screenshotBytes(uploaded.path)?.equals(bytes)).toBe(true);
      const served = await fetch(uploaded.url);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('what our check refuses, the client and the sandbox refuse too (the rules agree)', async () => {
    const fake = folder.write('renamed.png', 'plain text with a .png name');
    expect((await checkScreenshotFile(fake)).ok).toBe(false);
    const before = sandbox.requests.length;
    await expect(seller.client.uploadScreenshot(fake)).rejects.toMatchObject({
      kind: 'validation',
    });
    expect(sandbox.requests.length).toBe(before);
    // Sent anyway, by hand: the sandbox refuses it as the real service would.
    const form = new FormData();
    form.append(uploadFieldName, new Blob([readFileSync(fake)]), 'renamed.png');
    const response = await fetch(`${sandbox.baseUrl}${paths.uploadScreenshot}`, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${sandbox.sellers[0]!.token}` },
      body: form,
    });
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toMatch(/JPEG or PNG/);
  });
});
