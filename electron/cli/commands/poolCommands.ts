// `credentials pool add|list|set-keep|clear`: an account offer's restock pool on the command line,
// over the use cases the app shares (core/usecases/stock/pool.ts). The file is read as
// `credentials import` reads it; the passwords never reach stdout, stderr or SQLite in clear.
import { UseCaseFailure } from '../../core/usecases/failure';
import { requireOffer } from '../../core/usecases/offers';
import {
  clearPool,
  commitPoolImport,
  poolReport,
  previewPoolImport,
  setPoolKeep,
  type OfferPool,
} from '../../core/usecases/stock';
import type { CommandHandler } from '../commandTypes';
import { usageError } from '../cliError';
import { decimalOption } from '../decimalOption';
import { inputProblem } from '../errorMapping';
import { ExitCode } from '../exitCodes';
import { offerLabel, resolveOfferRef, statusName } from '../offerRefs';
import { formatTable } from '../table';
import { badRowLines, commitCredentialFile } from './credentialFiles';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "5 credentials waiting · keep 2 on sale": the app's words. */
function poolLine(pool: { pool: number; keep: number }): string {
  return `${plural(pool.pool, 'credential')} waiting · keep ${pool.keep} on sale`;
}

const poolAdd: CommandHandler = async (ctx, call) => {
  const file = call.args[0]!;
  const seller = ctx.profile();
  const localId = resolveOfferRef(seller, String(call.options.offer));
  const keep = call.options.keep as number | undefined;
  const costText = call.options.cost as string | undefined;
  const supplier = call.options.supplier as string | undefined;
  if (supplier !== undefined && costText === undefined) {
    throw usageError('--supplier names the batch of --cost X: give both.', 'credentials pool add');
  }
  const cost =
    costText === undefined
      ? null
      : {
          perAccount: decimalOption('cost', costText, 'credentials pool add'),
          ...(supplier !== undefined && { supplier }),
        };
  const preview = await previewPoolImport(seller, {
    localId,
    path: file,
    encoding: call.options.encoding as string | undefined,
  });
  if (preview.state === 'choose-encoding') {
    throw new UseCaseFailure('bad_input', preview.message, [], { encodingUnsure: true });
  }
  const skipping = call.options['skip-invalid'] === true;
  const outcome = await commitCredentialFile(
    file,
    () =>
      commitPoolImport(seller, {
        preview,
        keep: keep ?? null,
        cost,
        skipInvalid: skipping,
        keepCaseDuplicates: call.options['keep-case-duplicates'] === true,
      }),
    { skipping },
  );
  const problems = preview.problems.map(inputProblem);
  const id = offerLabel(requireOffer(seller, localId));
  const duplicates = outcome.duplicatesInFile + outcome.duplicatesKnown;
  const data = {
    file,
    offer: id,
    format: preview.format,
    encoding: preview.encoding,
    rows: outcome.rows,
    added: outcome.added,
    duplicates,
    duplicatesInFile: outcome.duplicatesInFile,
    duplicatesKnown: outcome.duplicatesKnown,
    skipped: outcome.invalid,
    problems,
    pool: outcome.pool,
    keep: outcome.keep,
    cost:
      cost && outcome.added > 0 ? { perAccount: cost.perAccount, accounts: outcome.added } : null,
  };
  const human = [
    `${file}: ${plural(outcome.added, 'credential')} added to the restock pool of offer ${id}.`,
    duplicates ? `${duplicates} duplicate(s) left out (in the file, the pool, or sent).` : '',
    outcome.invalid ? `${outcome.invalid} bad row(s) skipped:` : '',
    ...badRowLines(problems),
    cost && outcome.added > 0
      ? `Cost ${cost.perAccount} per account for these ${outcome.added}${supplier ? ` from ${supplier}` : ''} (kept in this profile, never sent).`
      : '',
    `Restock pool: ${poolLine(outcome)}.`,
    outcome.keep === 0 ? 'Set a level with --keep N to restock from it.' : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { data, human, exitCode: ExitCode.Done };
};

function poolJson(p: OfferPool) {
  return {
    id: offerLabel({ serverId: p.id, localId: p.localId }),
    name: p.title,
    pool: p.pool,
    keep: p.keep,
    onSale: p.onSale,
    onMarketplace: p.onMarketplace,
    queued: p.queued,
    hidden: p.hiddenStatus === null ? null : statusName(p.hiddenStatus),
    dry: p.dry,
  };
}

/** "~3", "0 (Not Active: 2 held, 1 queued)": never stock buyers cannot see as on sale. */
export function onSaleWords(p: OfferPool): string {
  if (p.onSale === null) return 'unknown';
  const waiting = p.queued > 0 ? `${p.queued} queued` : '';
  if (p.hiddenStatus === null) return `~${p.onSale}${waiting ? ` (+${waiting})` : ''}`;
  const held = (p.onMarketplace ?? 0) > 0 ? `${p.onMarketplace} on it` : '';
  return `0 (${statusName(p.hiddenStatus)}: ${[held, waiting].filter(Boolean).join(', ')})`;
}

const poolList: CommandHandler = async (ctx) => {
  const pools = poolReport(ctx.profile());
  const human =
    pools.length === 0
      ? 'No offer has a restock pool. Add one with `seller-desk credentials pool add FILE --offer ID --keep N`.'
      : formatTable(
          [
            {
              title: 'ID',
              value: (p) => offerLabel({ serverId: p.id, localId: p.localId }),
              align: 'right',
            },
            { title: 'OFFER', value: (p) => p.title, maxWidth: 40 },
            { title: 'POOL', value: (p) => String(p.pool), align: 'right' },
            { title: 'KEEP', value: (p) => String(p.keep), align: 'right' },
            {
              title: 'ON SALE',
              value: onSaleWords,
              align: 'right',
            },
            { title: '', value: (p) => (p.dry ? 'EMPTY' : '') },
          ],
          pools,
        );
  return { data: { offers: pools.map(poolJson) }, human, exitCode: ExitCode.Done };
};

const poolSetKeep: CommandHandler = async (ctx, call) => {
  const seller = ctx.profile();
  const localId = resolveOfferRef(seller, String(call.options.offer));
  const pool = setPoolKeep(seller, { localId, keep: call.options.keep as number });
  const id = offerLabel(requireOffer(seller, localId));
  return {
    data: { offer: id, pool: pool.pool, keep: pool.keep },
    human:
      pool.keep === 0
        ? `Offer ${id} is no longer restocked (${plural(pool.pool, 'credential')} stay in its pool).`
        : `Restock pool of offer ${id}: ${poolLine(pool)}.`,
    exitCode: ExitCode.Done,
  };
};

const poolClear: CommandHandler = async (ctx, call) => {
  const seller = ctx.profile();
  const localId = resolveOfferRef(seller, String(call.options.offer));
  const { removed } = clearPool(seller, localId);
  const id = offerLabel(requireOffer(seller, localId));
  return {
    data: { offer: id, removed },
    human: `Restock pool of offer ${id} emptied: ${plural(removed, 'credential')} deleted, never sent.`,
    exitCode: ExitCode.Done,
  };
};

export const poolCommands: Record<string, CommandHandler> = {
  'credentials pool add': poolAdd,
  'credentials pool list': poolList,
  'credentials pool set-keep': poolSetKeep,
  'credentials pool clear': poolClear,
};
