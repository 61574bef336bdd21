// What each command accepts, in one table: the parser checks arguments against it and `help`
// prints it, so the two can never disagree. The handlers live in ./commands and are loaded only
// for the command that runs, which keeps `help` and bad-usage answers fast.

export type OptionType = 'string' | 'integer' | 'flag';

export interface OptionSpec {
  type: OptionType;
  /** Placeholder shown in help, e.g. `ID`. */
  value?: string;
  description: string;
  required?: boolean;
}

export interface ArgumentSpec {
  name: string;
  description: string;
  required: boolean;
  variadic?: boolean;
}

export type CommandGroup =
  | 'sync'
  | 'products'
  | 'offers'
  | 'credentials'
  | 'screenshots'
  | 'activity'
  | 'sales'
  | 'stock'
  | 'profiles'
  | 'watch'
  | 'alerts';

export interface CommandSpec {
  /** Words typed to run it: `offers import`. */
  name: string;
  group: CommandGroup;
  summary: string;
  args: ArgumentSpec[];
  options: Record<string, OptionSpec>;
  /** Does it talk to the marketplace (and so need a token)? */
  online: boolean;
  details?: string;
}

export const globalOptions: Record<string, OptionSpec> = {
  'base-url': {
    type: 'string',
    value: 'URL',
    description: "the marketplace's address (default: the real marketplace)",
  },
  'data-dir': {
    type: 'string',
    value: 'DIR',
    description: "the data folder, shared with the desktop app (default: the app's folder)",
  },
  'token-file': {
    type: 'string',
    value: 'FILE',
    description: 'read the API token from FILE (else from the SELLER_DESK_TOKEN variable)',
  },
  profile: {
    type: 'string',
    value: 'NAME',
    description:
      "the seller's profile to work on (default: the only one; `profiles list` names them)",
  },
  json: { type: 'flag', description: 'print one JSON document on stdout (shape: README)' },
  quiet: { type: 'flag', description: 'no progress and no notes on stderr' },
  'window-ms': {
    type: 'integer',
    value: 'MS',
    description:
      'FOR TESTING against the sandbox only: the length of a rate-limit "minute" in ms ' +
      '(start the sandbox with the same window)',
  },
  help: { type: 'flag', description: 'show help for the command' },
};

const offerId: ArgumentSpec = {
  name: 'ID',
  description: "the offer: the marketplace's id, or L<n> before it is sent",
  required: true,
};

const offerIds: ArgumentSpec = {
  name: 'ID',
  description: "the offers: each the marketplace's id, or L<n> before it is sent",
  required: false,
  variadic: true,
};

/** Bulk commands select offers by id or by these; not both. */
const offerFilters: Record<string, OptionSpec> = {
  product: { type: 'integer', value: 'ID', description: 'every offer of product ID' },
  status: {
    type: 'integer',
    value: 'N',
    description: 'every offer whose marketplace status is N',
  },
};

const bulkDetails =
  'Name the offers by id, or select them with --product and/or --status (offers waiting to be\n' +
  'deleted are left out). An offer a rule refuses is listed with the reason and left as it was;\n' +
  'the others are queued (exit 3). If every offer is refused: exit 2, nothing queued.\n' +
  '--dry-run shows what would change (before → after, offers going back to review, offers left\n' +
  'out and why) and queues nothing (exit 0). `seller-desk undo` takes the change back while unsent.';

/** Bulk changes: the selection, and a look before the leap. */
const bulkOptions: Record<string, OptionSpec> = {
  ...offerFilters,
  'dry-run': { type: 'flag', description: 'show what would change; queue nothing' },
};

/** The consequences a price edit can have that the seller chooses about (preview: consequences). */
const priceConsequenceOptions: Record<string, OptionSpec> = {
  'put-on-sale': {
    type: 'flag',
    description:
      'let Not Active gold offers go back on sale (an edit makes a gold offer Active); by default they are set Not Active again right after the edit',
  },
  'allow-below-cost': {
    type: 'flag',
    description:
      'apply prices that, after the marketplace commission, are below what the next unit costs you; without it such a change is refused (exit 2)',
  },
};

const encodingOption: OptionSpec = {
  type: 'string',
  value: 'NAME',
  description:
    "the file's text encoding (utf-8, windows-1251, windows-1252, koi8-r, utf-16le…); " +
    'needed when it cannot be detected for sure',
};

/** The options naming one credential of a sent offer, as `credentials update|delete` take them. */
const sentCredentialOptions = {
  offer: {
    type: 'string',
    value: 'ID',
    description: "the offer (the marketplace's id)",
    required: true,
  },
  credential: {
    type: 'string',
    value: 'CID',
    description: "the credential's id on the marketplace",
    required: true,
  },
} as const;

const alertLanguageOption: OptionSpec = {
  type: 'string',
  value: 'en|ru',
  description: "the language of this profile's alerts (default: as set before, else en)",
};

export const commandSpecs: CommandSpec[] = [
  {
    name: 'pull',
    group: 'sync',
    summary: 'read the catalogue and your offers into the local cache',
    args: [],
    options: {
      full: { type: 'flag', description: 'read every offer (notices offers deleted elsewhere)' },
    },
    online: true,
  },
  {
    name: 'push',
    group: 'sync',
    summary: 'send every queued change, waiting for the rate limits rather than failing',
    args: [],
    options: {},
    online: true,
  },
  {
    name: 'status',
    group: 'sync',
    summary: 'offers by status and sync state, queued operations, last sync, rate budget',
    args: [],
    options: {},
    online: false,
  },
  {
    name: 'watch',
    group: 'watch',
    summary:
      'keep the profile up to date until stopped (SIGINT/SIGTERM): pull, push, restock and alerts every round',
    args: [],
    options: {
      every: {
        type: 'string',
        value: 'SPAN',
        description: 'time between rounds: 5s to 60m (seconds, minutes; default 1m)',
      },
    },
    online: true,
    details:
      'One status line per round on stdout (--json: one JSON line per round, then the result).\n' +
      'It never gives up: a marketplace that cannot be reached is tried again after 5 s, 15 s,\n' +
      '30 s, then every minute; a refused token is said at every round until it is replaced (the\n' +
      'token file is read again at every request). A second watcher on the same profile is\n' +
      'refused. Stops between requests on SIGINT or SIGTERM and exits 0.\n' +
      'Service examples (systemd, launchd, Windows Task Scheduler): docs/watch-service.md.',
  },
  {
    name: 'alerts list',
    group: 'alerts',
    summary: "this profile's alert channels: what each sent, what waits for a retry, what failed",
    args: [],
    options: {},
    online: false,
  },
  {
    name: 'alerts add telegram',
    group: 'alerts',
    summary: 'send alerts to a Telegram chat through a bot',
    args: [],
    options: {
      'chat-id': {
        type: 'string',
        value: 'ID',
        description: 'the chat: a number (-100… for a group) or @channel',
        required: true,
      },
      'bot-token-file': {
        type: 'string',
        value: 'FILE',
        description: "the bot's token (from BotFather), in a file only you can read",
        required: true,
      },
      'api-base': {
        type: 'string',
        value: 'URL',
        description:
          "a self-hosted Bot API server (default: Telegram's own, https://api.telegram.org)",
      },
      language: alertLanguageOption,
    },
    online: false,
    details:
      'The bot token is sealed in the profile with its credentials key (the key file the command\n' +
      'line keeps, owner-only); it is never printed or put in an alert.',
  },
  {
    name: 'alerts add webhook',
    group: 'alerts',
    summary: 'POST alerts as JSON to an address of yours, signed with HMAC-SHA256',
    args: [
      { name: 'URL', description: 'https:// (http:// on this computer only)', required: true },
    ],
    options: {
      'secret-file': {
        type: 'string',
        value: 'FILE',
        description: 'the signing secret (at least 16 characters), in a file only you can read',
        required: true,
      },
      language: alertLanguageOption,
    },
    online: false,
    details:
      'Each alert is one POST of its JSON (README, "Alerts") with the header\n' +
      '  X-Seller-Desk-Signature: sha256=<hex HMAC-SHA256 of the body under the secret>\n' +
      'A failed POST is tried again after 5 s, 10 s, 20 s … (at most 10 min apart, 12 tries).',
  },
  {
    name: 'alerts remove',
    group: 'alerts',
    summary: 'stop sending alerts to a channel (its secret is deleted)',
    args: [{ name: 'ID', description: 'the channel, as `alerts list` numbers it', required: true }],
    options: {},
    online: false,
  },
  {
    name: 'alerts test',
    group: 'alerts',
    summary: 'send a test alert now, to one channel or every one',
    args: [{ name: 'ID', description: 'the channel (default: every one)', required: false }],
    options: {},
    online: false,
  },
  {
    name: 'log',
    group: 'activity',
    summary: 'what was sent to the marketplace and what it answered, newest first',
    args: [],
    options: {
      since: {
        type: 'string',
        value: 'SPAN',
        description: 'only the last SPAN: 30m, 12h, 1d, 2w (minutes, hours, days, weeks)',
      },
      offer: {
        type: 'string',
        value: 'ID',
        description: "only requests about this offer (its marketplace id, or the offer's name)",
      },
      search: {
        type: 'string',
        value: 'TEXT',
        description: 'only entries whose operation, offers or message contain TEXT',
      },
      limit: { type: 'integer', value: 'N', description: 'at most N entries (default 1000)' },
    },
    online: false,
  },
  {
    name: 'sales',
    group: 'sales',
    summary:
      'units sold, estimated revenue (units × the price per step before each sale), commission, cost and net, per offer',
    args: [],
    options: {
      since: {
        type: 'string',
        value: 'SPAN',
        description: 'the last SPAN: 12h, 7d, 4w (hours, days, weeks; default 30d)',
      },
      product: { type: 'integer', value: 'ID', description: 'only offers of product ID' },
      weekly: { type: 'flag', description: 'add up per week instead of per day' },
      monthly: { type: 'flag', description: 'add up per month instead of per day' },
    },
    online: false,
  },
  {
    name: 'sales dead-stock',
    group: 'sales',
    summary:
      'offers with no sale in the last N days, with their stock and what that stock cost you ("no cost set" when you gave none)',
    args: [],
    options: {
      days: {
        type: 'integer',
        value: 'N',
        description: 'no sale in the last N days (default 14)',
      },
    },
    online: false,
  },
  {
    name: 'stock',
    group: 'stock',
    summary:
      "account offers' credentials left on the marketplace (estimated: sent minus sold) and their low-stock level",
    args: [],
    options: {},
    online: false,
  },
  {
    name: 'stock set',
    group: 'stock',
    summary:
      'the low-stock level of an account offer (default 1): at this many credentials left or fewer it is low',
    args: [],
    options: {
      offer: { type: 'string', value: 'ID', description: 'the offer', required: true },
      threshold: {
        type: 'integer',
        value: 'N',
        description: 'low at N credentials left or fewer',
        required: true,
      },
    },
    online: false,
  },
  {
    name: 'products list',
    group: 'products',
    summary: 'the catalogue (from the cache; read from the marketplace when the cache is empty)',
    args: [],
    options: {
      search: {
        type: 'string',
        value: 'TEXT',
        description: 'only products whose title contains TEXT (any case), or whose id is TEXT',
      },
      type: {
        type: 'integer',
        value: 'N',
        description: 'only marketplace type N (1 gold, 2 account)',
      },
      refresh: { type: 'flag', description: 'read the catalogue from the marketplace first' },
    },
    online: true,
  },
  {
    name: 'products show',
    group: 'products',
    summary: "a product's fields and their allowed values (what an import file needs)",
    args: [{ name: 'ID', description: 'the product', required: true }],
    options: {
      refresh: { type: 'flag', description: 'read the product from the marketplace first' },
    },
    online: true,
  },
  {
    name: 'offers list',
    group: 'offers',
    summary: 'your offers as the cache has them, local changes included',
    args: [],
    options: {
      status: { type: 'integer', value: 'N', description: 'only offers with server status N' },
      product: { type: 'integer', value: 'ID', description: 'only offers of product ID' },
      search: {
        type: 'string',
        value: 'TEXT',
        description: 'only offers whose names contain TEXT',
      },
      sort: {
        type: 'string',
        value: 'COLUMN',
        description:
          'sort by product, outer_name, internal_name, price_per_step, amount, ' +
          'min_purchase_amount, guarantee_delivery_time, status, sync_state or updated_at ' +
          '(default: updated_at, newest first)',
      },
      order: {
        type: 'string',
        value: 'asc|desc',
        description: 'smallest first or largest first (default: asc with --sort, else desc)',
      },
      offset: { type: 'integer', value: 'N', description: 'skip the first N matching offers' },
      limit: { type: 'integer', value: 'N', description: 'at most N offers (default: all)' },
    },
    online: false,
  },
  {
    name: 'offers show',
    group: 'offers',
    summary: 'one offer: fields, local change, sync state, problems',
    args: [offerId],
    options: {},
    online: false,
  },
  {
    name: 'offers import',
    group: 'offers',
    summary: 'queue offers from a CSV file (nothing is sent until push)',
    args: [
      {
        name: 'FILE',
        description: 'the CSV file (an XLSX workbook is read the same way)',
        required: true,
      },
    ],
    options: {
      product: {
        type: 'integer',
        value: 'ID',
        description: 'the product of every row',
        required: true,
      },
      'delivery-time': {
        type: 'integer',
        value: 'MS',
        description:
          'guarantee_delivery_time in ms for new offers whose row gives none (default: 3600000, one hour)',
      },
      'skip-invalid': { type: 'flag', description: 'queue the good rows, report the bad ones' },
      encoding: encodingOption,
      ...priceConsequenceOptions,
    },
    online: false,
    details:
      'Header row: write-field names (price_per_step, amount, min_purchase_amount, outer_name, ...);\n' +
      "product fields as data.<field id> or by the field's title; screenshots as |-separated URLs;\n" +
      'an id column edits that offer. A row equal to an earlier row or to an offer already there is\n' +
      'a duplicate: counted, never queued (the app does the same). Any bad row: exit 2 listing\n' +
      'every bad row, nothing queued.',
  },
  {
    name: 'offers export',
    group: 'offers',
    summary: 'write your offers (local changes included) as CSV, in the import format',
    args: [
      {
        name: 'FILE',
        description: 'the file to write: CSV, or XLSX when it ends in .xlsx',
        required: true,
      },
    ],
    options: {
      product: {
        type: 'integer',
        value: 'ID',
        description: 'the product to export (needed when your offers span several products)',
      },
    },
    online: false,
  },
  {
    name: 'offers set-status',
    group: 'offers',
    summary: 'queue a status change: 1 Draft, 2 Active, 3 Not Active, 5 On Review',
    args: [{ name: 'STATUS', description: '1, 2, 3 or 5', required: true }, offerIds],
    options: bulkOptions,
    online: false,
    details: bulkDetails,
  },
  {
    name: 'offers delete',
    group: 'offers',
    summary: 'queue the deletion of offers (an offer never sent is simply dropped)',
    args: [offerIds],
    options: bulkOptions,
    online: false,
    details: bulkDetails,
  },
  {
    name: 'offers change-price',
    group: 'offers',
    summary:
      'queue new prices: by a percentage or an amount per step, rounded as the marketplace keeps them',
    args: [offerIds],
    options: {
      percent: {
        type: 'string',
        value: 'N',
        description: 'change each price by N percent (e.g. 10 or -5)',
      },
      amount: {
        type: 'string',
        value: 'N',
        description: 'add N to each price per step (e.g. 0.5 or -1)',
      },
      ...priceConsequenceOptions,
      ...bulkOptions,
    },
    online: false,
    details:
      'Exactly one of --percent and --amount. Gold prices are rounded to 0.0001, account prices to\n' +
      '0.01; a new price outside the bounds refuses that offer.\n' +
      bulkDetails,
  },
  {
    name: 'offers set-cost',
    group: 'offers',
    summary:
      'what one unit of these offers costs you (for accounts: those no pool batch covers); kept in this profile, never sent',
    args: [offerIds],
    options: {
      'per-unit': { type: 'string', value: 'X', description: 'the cost of one unit (e.g. 0.03)' },
      clear: { type: 'flag', description: 'forget the cost' },
      ...offerFilters,
    },
    online: false,
    details:
      'Exactly one of --per-unit and --clear. `seller-desk sales` takes each sale’s cost from it\n' +
      '(the cost when the sale is seen), and a price change below cost after commission asks first.',
  },
  {
    name: 'undo',
    group: 'offers',
    summary: 'take back the last change to offers (a bulk change, an import, a save) while unsent',
    args: [],
    options: {},
    online: false,
    details:
      'Puts every offer of the last change back as it was and drops what it queued. Refused\n' +
      '(exit 2) once any of it was sent to the marketplace.',
  },
  {
    name: 'offers discard',
    group: 'offers',
    summary: "throw away offers' local changes and queued operations (an offer never sent goes)",
    args: [{ ...offerIds, required: true }],
    options: {},
    online: false,
    details: 'An offer whose send is under way is refused: wait for the push to finish.',
  },
  {
    name: 'offers retry',
    group: 'offers',
    summary: 'send again what the marketplace refused on offers (with the next push)',
    args: [{ ...offerIds, required: true }],
    options: {},
    online: false,
    details:
      'The refused changes go back to the queue as they are and the offers leave "needs\n' +
      'attention"; a change the marketplace refused for its content is refused again until fixed.',
  },
  {
    name: 'offers dismiss',
    group: 'offers',
    summary: 'drop what the marketplace refused on offers (a refused link, status or deletion)',
    args: [{ ...offerIds, required: true }],
    options: {},
    online: false,
    details:
      'The offers leave "needs attention"; their other changes stay queued. A refused edit is\n' +
      'fixed (offers are edited in the app or by import) or thrown away with `offers discard`.',
  },
  {
    name: 'offers resolve',
    group: 'offers',
    summary: "answer a conflict: keep your value (mine) or the marketplace's (theirs)",
    args: [offerId],
    options: {
      field: {
        type: 'string',
        value: 'NAME',
        description: 'the field in conflict, as `offers show` names it (e.g. price_per_step)',
      },
      keep: { type: 'string', value: 'mine|theirs', description: 'the value to keep for --field' },
      all: {
        type: 'string',
        value: 'mine|theirs',
        description: 'the value to keep for every field in conflict',
      },
    },
    online: false,
    details:
      'Give --field NAME --keep mine|theirs, or --all mine|theirs. Mine is sent by the next push.',
  },
  {
    name: 'credentials import',
    group: 'credentials',
    summary: "queue an account offer's credentials from a file (sent by push, then forgotten)",
    args: [
      {
        name: 'FILE',
        description: 'login:password[:email[:email_password]] lines, CSV, JSON or XLSX',
        required: true,
      },
    ],
    options: {
      offer: {
        type: 'string',
        value: 'ID',
        description: 'the offer (its id, or L<n> before it is sent)',
        required: true,
      },
      replace: { type: 'flag', description: "replace the offer's credentials instead of adding" },
      'skip-invalid': { type: 'flag', description: 'queue the good rows, report the bad ones' },
      'keep-case-duplicates': {
        type: 'flag',
        description: "also send logins that differ from an earlier row's only by upper/lower case",
      },
      encoding: encodingOption,
    },
    online: false,
    details:
      'Lines that are not valid in the encoding (a damaged byte) are bad rows, never sent as read.\n' +
      'A login that differs from an earlier row only by case is another account to the marketplace\n' +
      'but most likely the same one to you: it is left out with a warning, unless --keep-case-duplicates.\n' +
      'An empty file, or one with a header and no accounts: exit 2, nothing queued.',
  },
  {
    name: 'credentials pool add',
    group: 'credentials',
    summary:
      "add credentials from a file to an account offer's restock pool: each push (and the app's sync) keeps --keep N of them on sale",
    args: [
      {
        name: 'FILE',
        description: 'login:password[:email[:email_password]] lines, CSV, JSON or XLSX',
        required: true,
      },
    ],
    options: {
      offer: { type: 'string', value: 'ID', description: 'the offer', required: true },
      keep: {
        type: 'integer',
        value: 'N',
        description: 'keep N credentials on sale (each push tops the marketplace up from the pool)',
      },
      cost: {
        type: 'string',
        value: 'X',
        description: 'what each account added cost you (a batch: sales use the oldest first)',
      },
      supplier: { type: 'string', value: 'NAME', description: 'who the batch came from' },
      'skip-invalid': { type: 'flag', description: 'pool the good rows, report the bad ones' },
      'keep-case-duplicates': {
        type: 'flag',
        description: "also pool logins that differ from an earlier row's only by upper/lower case",
      },
      encoding: encodingOption,
    },
    online: false,
    details:
      'The file is read as `credentials import` reads it. Rows already in the pool, queued or sent\n' +
      'are duplicates, left out. The pool is sealed like queued credentials; each push sends the\n' +
      'oldest ones the offer lacks to reach N on sale, and sets a sold-out offer Active again.',
  },
  {
    name: 'credentials pool list',
    group: 'credentials',
    summary: 'account offers with a restock pool: credentials waiting, on sale, and the level kept',
    args: [],
    options: {},
    online: false,
  },
  {
    name: 'credentials pool set-keep',
    group: 'credentials',
    summary: 'how many credentials of its restock pool an offer keeps on sale (0 stops restocking)',
    args: [],
    options: {
      offer: { type: 'string', value: 'ID', description: 'the offer', required: true },
      keep: { type: 'integer', value: 'N', description: 'keep N on sale', required: true },
    },
    online: false,
  },
  {
    name: 'credentials pool clear',
    group: 'credentials',
    summary: "empty an offer's restock pool (its credentials are deleted, never sent)",
    args: [],
    options: {
      offer: { type: 'string', value: 'ID', description: 'the offer', required: true },
    },
    online: false,
  },
  {
    name: 'credentials unsure send-again',
    group: 'credentials',
    summary:
      'send again the accounts that may already be on sale (their answer was lost and a buyer bought since)',
    args: [],
    options: {
      offer: { type: 'string', value: 'ID', description: 'the offer', required: true },
    },
    online: false,
    details:
      "The marketplace may already hold them, and one may be a buyer's: it skips the ones it still\n" +
      'has as duplicates. They go at the next push or sync. `stock` and `status` list such accounts.',
  },
  {
    name: 'credentials unsure drop',
    group: 'credentials',
    summary: 'drop the accounts that may already be on sale: never sent from here again',
    args: [],
    options: {
      offer: { type: 'string', value: 'ID', description: 'the offer', required: true },
    },
    online: false,
  },
  {
    name: 'credentials update',
    group: 'credentials',
    summary: 'change one credential of an offer on the marketplace (now, not queued)',
    args: [],
    options: {
      ...sentCredentialOptions,
      login: { type: 'string', value: 'L', description: 'the new login' },
      'password-stdin': {
        type: 'flag',
        description: 'read the new password from the first line of standard input',
      },
      email: { type: 'string', value: 'E', description: 'the registration email' },
      'email-password-stdin': {
        type: 'flag',
        description:
          "read the email's password from standard input (the next line after the password)",
      },
      '2fa': {
        type: 'string',
        value: 'on|off',
        description: 'two-factor authentication on or off',
      },
      comment: { type: 'string', value: 'TEXT', description: "the seller's comment" },
    },
    online: true,
    details:
      'A field not given keeps its value. Passwords are never taken from an argument:\n' +
      '  printf \'%s\\n\' "$NEW_PASSWORD" | seller-desk credentials update --offer 1042 \\\n' +
      '      --credential 7 --password-stdin\n' +
      'Nothing is printed of a password or a login; the result names the fields changed.',
  },
  {
    name: 'credentials delete',
    group: 'credentials',
    summary: 'delete one credential of an offer on the marketplace (now, not queued)',
    args: [],
    options: {
      ...sentCredentialOptions,
    },
    online: true,
  },
  {
    name: 'screenshots add',
    group: 'screenshots',
    summary: 'queue screenshots for an offer: image files (JPEG/PNG) or URLs on approved domains',
    args: [{ name: 'PATH_OR_URL', description: 'files or URLs', required: true, variadic: true }],
    options: {
      offer: {
        type: 'string',
        value: 'ID',
        description: 'the offer (its id, or L<n> before it is sent)',
        required: true,
      },
      anyway: {
        type: 'flag',
        description:
          'add links from a site the marketplace refused before (its support approves sites)',
      },
    },
    online: false,
  },
  {
    name: 'screenshots remove',
    group: 'screenshots',
    summary: 'queue the removal of one screenshot of an offer',
    args: [{ name: 'URL', description: 'the stored screenshot URL or path', required: true }],
    options: {
      offer: {
        type: 'string',
        value: 'ID',
        description: 'the offer (its id, or L<n> before it is sent)',
        required: true,
      },
    },
    online: false,
  },
  {
    name: 'profiles list',
    group: 'profiles',
    summary: "this marketplace's profiles, one per seller, with their unsent work",
    args: [],
    options: {},
    online: false,
  },
  {
    name: 'profiles add',
    group: 'profiles',
    summary: 'a new, empty profile; it belongs to the seller whose token is first used with it',
    args: [{ name: 'NAME', description: "the profile's name", required: true }],
    options: {},
    online: false,
    details:
      "Then run commands with --profile NAME and that seller's token, e.g.\n" +
      '  SELLER_DESK_TOKEN=… seller-desk pull --profile NAME',
  },
  {
    name: 'profiles rename',
    group: 'profiles',
    summary: 'give a profile another name',
    args: [
      { name: 'NAME', description: 'the profile', required: true },
      { name: 'NEW_NAME', description: 'its new name', required: true },
    ],
    options: {},
    online: false,
  },
  {
    name: 'profiles replace-token',
    group: 'profiles',
    summary:
      "give a profile its seller's new token (the old one revoked); its queue is kept and sent with it",
    args: [{ name: 'NAME', description: 'the profile', required: true }],
    options: {
      confirm: {
        type: 'flag',
        description:
          "take a token nothing on the marketplace can confirm as the seller's (asked, not guessed)",
      },
    },
    online: true,
    details:
      'The new token is read as every command reads it (SELLER_DESK_TOKEN or --token-file FILE) and\n' +
      "asked about once. The same seller's token is taken; another seller's is refused, with or\n" +
      'without --confirm. When neither the token nor the profile has offers on the marketplace,\n' +
      'nothing can tell whose it is: the answer says what Seller Desk knows and does not (exit 2),\n' +
      'and --confirm takes it.',
  },
  {
    name: 'profiles remove',
    group: 'profiles',
    summary: 'delete a profile and its files (its queued changes are lost)',
    args: [{ name: 'NAME', description: 'the profile', required: true }],
    options: {
      yes: { type: 'flag', description: 'remove it even though unsent work would be lost' },
    },
    online: false,
    details:
      'Without --yes nothing is removed: the answer says what unsent work the profile holds.',
  },
];

export const commandGroups = [...new Set(commandSpecs.map((c) => c.name.split(' ')[0]!))];
