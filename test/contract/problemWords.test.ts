// A rule's problem carries its reason as a catalogue message: in Russian the seller reads the
// catalogue's words (numbers as Russian writes them), never a translation of the English text;
// in English the catalogue says, word for word, the reason the English message has always given
// (the command line prints the message itself).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from '../../electron/contract/i18n';
import { expectationNote } from '../../electron/contract/rules/consequenceWords';
import {
  credentialProblems,
  statusChangeExpected,
  validateOfferWrite,
  type FieldProblem,
} from '../../electron/contract/rules';
import {
  problemReason,
  problemSentence,
  reasonBesideField,
  sayReason,
  sellerProblem,
} from '../../electron/contract/rules/fieldLabels';
import {
  failedLinksIn,
  failedLinksMessage,
  normalizeScreenshotUrls,
} from '../../electron/contract/rules/screenshots';
import { brokenLineCheck } from '../../electron/core/imports/text/brokenLines';
import { checkScreenshotFile } from '../../electron/core/screenshots/checkScreenshotFile';
import {
  StageScreenshotError,
  stageScreenshotFile,
} from '../../electron/core/screenshots/stageScreenshotFile';
import { demoProducts } from '../../electron/sandbox/seed';

const valorant = demoProducts().find((p) => p.title === 'Valorant Accounts')!;
const wowClassic = demoProducts().find((p) => p.id === 1)!;

/** Every kind of problem the offer and credential rules can raise. */
function everyRuleProblem(): FieldProblem[] {
  const numberField = valorant.product_fields.find((f) => f.component_edit === 4);
  const gold = validateOfferWrite(
    {
      marketplace_type: 2,
      price_per_step: 0,
      amount: 3_000_000_000,
      min_purchase_amount: 'x' as unknown as number,
      outer_name: 'x',
      booster_price: 1,
      credential_system_type_id: 9,
      status: 1,
      data: { '999': 'x' },
    },
    wowClassic,
    'create',
  );
  const account = validateOfferWrite(
    {
      marketplace_type: 7 as 2,
      price_per_step: 0.05,
      amount: 2,
      min_purchase_amount: 2,
      outer_name: 'x'.repeat(5000),
      booster_price: 5,
      data: Object.fromEntries(
        valorant.product_fields.map((f) => [
          String(f.id),
          f.component_edit === 2 ? 'not an option' : f.component_edit === 3 ? ['nope'] : ['x'],
        ]),
      ),
    },
    valorant,
    'create',
  );
  const missing = validateOfferWrite({}, valorant, 'create');
  const credentials = [
    ...credentialProblems({ login: 5, game_password: '', email: 'a@b.c', is_2fa_active: 'y' }, 0),
    ...credentialProblems({ login: 'x'.repeat(500), game_password: 'p' }, 1),
  ];
  return [...gold, ...account, ...missing, ...credentials, ...(numberField ? [] : [])];
}

describe('rule problems in the seller language', () => {
  const problems = everyRuleProblem();

  it('every rule problem carries a catalogue message', () => {
    expect(problems.length).toBeGreaterThan(20);
    for (const p of problems) expect(p.say, `${p.field}: ${p.message}`).toBeDefined();
    const keys = new Set(problems.map((p) => p.say!.key));
    for (const key of [
      'editor.rule.required',
      'editor.rule.number',
      'editor.rule.atLeast',
      'editor.rule.atMost',
      'editor.rule.exactlyOne',
      'editor.rule.maxCharacters',
      'editor.rule.boosterBelowPrice',
      'editor.rule.statusProhibited',
      'editor.rule.accountOnly',
      'editor.rule.unknownField',
      'editor.rule.notAnOption',
      'editor.rule.requiredWithEmail',
      'editor.rule.trueOrFalse',
      'editor.rule.string',
    ])
      expect(keys, key).toContain(key);
  });

  it('the catalogue English is the reason the English message gives, word for word', () => {
    for (const p of problems) {
      // This one message names no field the reader of `problemReason` recognises: kept whole.
      if (p.say!.key === 'editor.rule.credentialSystem') continue;
      expect(sayReason(p.say!, 'en'), p.message).toBe(problemReason(p.field, p.message, 'en'));
    }
  });

  it('in Russian every reason is the catalogue own, with no English left', () => {
    for (const p of problems) {
      const reason = problemReason(p.field, p.message, 'ru', p.say);
      expect(reason, p.message).toMatch(/[А-Яа-яЁё]/);
      expect(reason.replace(/true|false|email|\(\d+\)/g, ''), p.message).not.toMatch(
        /[A-Za-z]{3,}/,
      );
    }
  });

  it('says numbers as Russian writes them, beside the field and after its label', () => {
    const [p] = validateOfferWrite({ price_per_step: 0.00001 }, wowClassic, 'edit');
    expect(p!.message).toBe('The price per step field must be at least 0.0001.');
    expect(reasonBesideField(p!.field, p!.message, 'ru', p!.say)).toBe(
      'Должно быть не меньше 0,0001.',
    );
    expect(sellerProblem(p!, null, 'ru')).toBe('Цена за шаг: должно быть не меньше 0,0001');
    expect(sellerProblem(p!, null, 'en')).toBe('Price per step: must be at least 0.0001');
    const [big] = validateOfferWrite({ amount: 3_000_000_000 }, wowClassic, 'edit');
    expect(reasonBesideField(big!.field, big!.message, 'ru', big!.say)).toBe(
      'Должно быть не больше 2000000000.',
    );
  });

  it('a select problem names its allowed values in the sentence beside a file line', () => {
    const select = problems.find((p) => p.say?.key === 'editor.rule.notAnOption')!;
    const sentence = problemSentence(select, 'ru');
    expect(sentence).toMatch(/^Нет среди вариантов\. Допустимо: /);
    expect(sentence).toContain(select.allowedValues![0]!);
    expect(problemSentence(select, 'en')).toBe(select.message);
  });

  it('the marketplace own words (no message key) are still read by their documented form', () => {
    const marketplace = { field: 'offers.0.amount', message: 'The amount field is required.' };
    expect(sellerProblem(marketplace, null, 'ru')).toBe('Количество: обязательное поле');
    // Its bounds are written as the rules' own reasons write them ("0,0001", never grouped).
    const least = {
      field: 'offers.0.price_per_step',
      message: 'The price per step must be at least 0.0001.',
    };
    expect(sellerProblem(least, null, 'ru')).toBe('Цена за шаг: должно быть не меньше 0,0001');
    expect(sellerProblem(least, null, 'en')).toBe('Price per step: must be at least 0.0001');
    const most = {
      field: 'offers.0.amount',
      message: 'The amount must not be greater than 1000000.',
    };
    expect(sellerProblem(most, null, 'ru')).toBe('Количество: должно быть не больше 1000000');
  });

  it('an offers file header problem says its count with the Russian plural', () => {
    expect(translate('ru', 'imports.row.notAHeader', { count: 2 })).toMatch(
      /^в первой строке .*\(2 столбца\)/,
    );
    expect(translate('en', 'imports.row.notAHeader', { count: 1 })).toContain('(1 column)');
    expect(translate('en', 'imports.row.unknownColumn')).toBe(
      'not an offer field, nor a field of this product (use a field title or data.<field id>)',
    );
  });

  it("a screenshot link's refusal: the catalogue English is the rule's, Russian its own", () => {
    const { refused } = normalizeScreenshotUrls([
      `https://example.com/${'a'.repeat(2100)}`,
      'not-a-link',
      'ftp://example.com/a.png',
      'https://me:pw@example.com/b.png',
    ]);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(sayReason(r.say!, 'en')).toBe(r.reason);
      expect(sayReason(r.say!, 'ru')).toMatch(/[А-Яа-яЁё]/);
    }
  });
});

describe("a data file or sealed credentials the app cannot use, in the app's language", () => {
  it('says a busy or newer data file and a missing key in Russian; the English message stays', async () => {
    const { toAppFailure } = await import('../../electron/core/app/failures');
    const { toFailure } = await import('../../electron/core/usecases/failure');
    const { StoreError } = await import('../../electron/core/store/errors');
    const { SecretBoxError } = await import('../../electron/core/secrets/secretBox');
    const file = '/data/profiles/shop.sqlite';
    const busy = new StoreError(
      'locked',
      `The data file ${file} is locked by another process.`,
      file,
    );
    expect((toAppFailure(busy, 'ru') as Error).message).toBe(
      `Файл данных ${file} занят другим процессом.`,
    );
    expect((toAppFailure(busy, 'en') as Error).message).toBe(busy.message);
    expect(toFailure(busy).message).toBe(busy.message);
    const keyMissing = new SecretBoxError(
      "this profile's credentials key is missing from the data folder; credentials queued with it cannot be opened",
      'key_unavailable',
    );
    expect((toAppFailure(keyMissing, 'ru') as Error).message).toMatch(/^Нет ключа/);
    expect(toFailure(keyMissing).message).toBe(keyMissing.message);
  });
});

describe("a status change's expected refusal carries its key", () => {
  const froms = [1, 2, 3, 4, 5, 6, 8] as const;
  const targets = [1, 2, 3, 5];
  const every = froms.flatMap((from) =>
    targets.flatMap((to) =>
      ([1, 2] as const).flatMap((marketplaceType) =>
        [0, 1].map((screenshots) =>
          statusChangeExpected(from, to, { marketplaceType, screenshots }),
        ),
      ),
    ),
  );
  const expected = every.filter((e) => e !== null);

  it('each of the three expectations is raised, keyed, its catalogue English the sentence word for word', () => {
    expect(new Set(expected.map((e) => e.key))).toEqual(
      new Set([
        'consequences.expect.sold',
        'consequences.expect.needsDetails',
        'consequences.expect.screenshot',
      ]),
    );
    for (const e of expected) {
      expect(translate('en', e.key, { count: 2 })).toBe(
        `${e.sentence.replace(/\.$/, '')} (2 offers).`,
      );
    }
  });

  it('the note is said from the key, not from its English: a changed sentence is still said in Russian', () => {
    const note = expectationNote(
      new Map([['consequences.expect.sold', { sentence: 'reworded in English', count: 5 }]]),
      'ru',
    );
    expect(note).toBe(
      `${translate('ru', 'consequences.expect.sold', { count: 5 })} ${translate('ru', 'consequences.expect.tail')}`,
    );
    expect(note).toContain('5 предложений');
  });
});

describe('a line the encoding cannot read carries its key', () => {
  it("the catalogue English is the importers' message word for word; Russian its own", () => {
    const check = brokenLineCheck({ brokenLines: [3], utf8Lines: [7], encoding: 'windows-1251' })!;
    const said = [check(3, 3), check(2, 4), check(7, 7), check(6, 8)].map((b) => b!);
    for (const broken of said) expect(sayReason(broken.say, 'en')).toBe(broken.message);
    expect(said.map((b) => sayReason(b.say, 'ru'))).toEqual([
      'строка не читается как WINDOWS-1251 — файл может быть повреждён; исправьте или удалите эту строку',
      'строка 3 не читается как WINDOWS-1251 — файл может быть повреждён; исправьте или удалите эту запись',
      'строка записана в UTF-8, а не в WINDOWS-1251 — в файле смешаны две кодировки; исправьте или удалите эту строку',
      'строка 7 записана в UTF-8, а не в WINDOWS-1251 — в файле смешаны две кодировки; исправьте или удалите эту запись',
    ]);
  });
});

describe('a screenshot file that cannot be used: each reason keyed, said in Russian', () => {
  it('a missing file, a folder, a GIF and a copy that fails: the catalogue English is the reason word for word', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shot-words-'));
    try {
      const gif = join(dir, 'cat.gif');
      writeFileSync(gif, Buffer.from('GIF89a-not-really-an-image'));
      const checked = await Promise.all(
        [join(dir, 'gone.png'), dir, gif].map((p) => checkScreenshotFile(p)),
      );
      const refused = checked.map((c) => {
        if (c.ok) throw new Error(`${c.name} was accepted`);
        expect(c.say).toBeDefined();
        expect(sayReason(c.say!, 'en')).toBe(c.reason);
        return sayReason(c.say!, 'ru');
      });
      expect(refused).toEqual([
        'не найден (его переместили или удалили?)',
        'это папка, а не файл изображения',
        'это изображение GIF; маркетплейс принимает скриншоты только в JPEG и PNG',
      ]);
      // Staging a file gone since the drop: the error carries the reason's key too.
      const staging = await stageScreenshotFile(join(dir, 'gone.png'), dir).catch((e) => e);
      expect(staging).toBeInstanceOf(StageScreenshotError);
      expect(staging.say).toEqual({ key: 'screenshots.reason.notFound' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('links the marketplace failed to attach', () => {
  it("the catalogue English is failedLinksMessage's line word for word; Russian has no English left but the links", () => {
    const links = ['https://a.example/1.png', 'https://b.example/2.png'];
    const message = failedLinksMessage(links, 3);
    const english = translate('en', 'screenshots.linksNotAttached', {
      failed: '2',
      sent: '3',
      links: links
        .map((url) =>
          translate('en', 'screenshots.linkFailed.either', { url, host: new URL(url).hostname }),
        )
        .join('; '),
    });
    expect(english).toBe(message);
    const russian = failedLinksIn(message, 'ru')!;
    expect(russian).toMatch(/^Не удалось прикрепить ссылки на скриншоты \(2 из 3\): /);
    expect(russian.replace(/https:\/\/\S+|[ab]\.example/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    expect(failedLinksIn('The marketplace said no.', 'ru')).toBeNull();
  });
});
