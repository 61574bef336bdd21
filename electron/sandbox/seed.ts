// Demo data that looks like the real marketplace: gold products with realm/server/faction
// selects (one with 50+ values), account products with rank/region/platform selects, a
// multi-select, a number field and required text, related and inactive products, and three
// sellers — seller 1 owns offers in every status, seller 2 a few, seller 3 none.
import { randomBytes } from 'node:crypto';
import {
  CredentialSystem,
  MarketplaceType,
  OfferStatus,
  type MarketplaceTypeValue,
  type OfferStatusValue,
  type Product,
  type ProductField,
} from '../contract/marketplace/wire';
import { FieldKind } from '../contract/rules/fieldKinds';
import { marketplaceHashes } from './credentialHash';
import { CredentialStatus } from '../contract/marketplace/assumptions';
import { placeholderPng } from './png';
import type {
  MarketData,
  SellerRecord,
  StoredCredential,
  StoredOffer,
  StoredScreenshot,
} from './state';

export type SeedName = 'demo' | 'empty';

export const DEFAULT_APPROVED_DOMAINS = ['images.sandbox.test', 'cdn.sandbox.test'];

const DEMO_SELLERS = [
  { id: 1, name: 'Demo Seller' },
  { id: 2, name: 'Other Seller' },
  { id: 3, name: 'New Seller' },
] as const;

/**
 * Fresh tokens for the demo sellers, in seller order: a token seen in a test, a log or a
 * screenshot opens no other run's sandbox.
 */
export function randomDemoTokens(): string[] {
  return DEMO_SELLERS.map(({ id }) => `sandbox-${id}-${randomBytes(18).toString('base64url')}`);
}

/** The demo sellers with the given tokens (one per seller, in seller order). */
export function demoSellers(tokens: readonly string[]): SellerRecord[] {
  checkDemoTokens(tokens);
  return DEMO_SELLERS.map(({ id, name }, i) => ({
    id,
    name,
    token: tokens[i]!,
    approvedDomains: [...DEFAULT_APPROVED_DOMAINS],
    lastUpdatedMs: 0,
  }));
}

/** A token the API would accept in `Authorization: Bearer …`, one per demo seller, no two alike. */
export function checkDemoTokens(tokens: readonly string[]): void {
  if (
    tokens.length !== DEMO_SELLERS.length ||
    tokens.some((token) => !/^\S+$/.test(token)) ||
    new Set(tokens).size !== tokens.length
  ) {
    throw new Error(
      `The sandbox needs ${DEMO_SELLERS.length} different tokens without spaces, one per demo seller.`,
    );
  }
}

interface FieldSpec {
  title: string;
  kind: number;
  required?: boolean;
  values?: string[];
  editData?: Record<string, unknown>;
  deleted?: boolean;
}

function field(productId: number, index: number, spec: FieldSpec): ProductField {
  const id = productId * 100 + index;
  return {
    id,
    parent_id: null,
    product_id: productId,
    is_inline: false,
    is_filter: spec.kind === FieldKind.Select || spec.kind === FieldKind.MultiSelect,
    is_required: spec.required ?? false,
    title: spec.title,
    placeholder: `Enter ${spec.title.toLowerCase()}`,
    component_view: spec.kind,
    priority: index,
    deleted_at: spec.deleted ? '2024-01-01T00:00:00.000Z' : null,
    parent_value_id: null,
    default_value_id: null,
    is_primary: index === 1,
    component_edit: spec.kind,
    has_custom_value: false,
    has_values_counter: false,
    component_view_data: {},
    component_edit_data: spec.editData ?? {},
    is_hidden: false,
    ranking_weight: 0,
    is_show_in_tags: spec.kind === FieldKind.Select,
    title_for_primary: null,
    title_for_tags: null,
    is_sort_values_by_priority: true,
    field_values: (spec.values ?? []).map((value, i) => ({
      id: id * 1000 + i + 1,
      product_field_id: id,
      value,
      priority: i,
      deleted_at: null,
      additional_value: null,
    })),
  };
}

interface ProductSpec {
  id: number;
  title: string;
  type: MarketplaceTypeValue;
  stepSize?: number;
  active?: boolean;
  related?: number[];
  fields: FieldSpec[];
}

function product(spec: ProductSpec, titles: Map<number, string>): Product {
  return {
    id: spec.id,
    title: spec.title,
    step_size: spec.stepSize ?? 1,
    meta: null,
    is_active: spec.active ?? true,
    is_active_for_pro: spec.active ?? true,
    marketplace_type: spec.type,
    related_product: (spec.related ?? []).map((id) => ({ id, title: titles.get(id) ?? '' })),
    product_fields: spec.fields.map((f, i) => field(spec.id, i + 1, f)),
  };
}

const classicRealms = [
  'Ashbringer',
  'Bloodfang',
  'Dragonfang',
  'Dreadmist',
  'Earthshaker',
  'Firemaw',
  'Flamelash',
  'Gandling',
  'Gehennas',
  'Golemagg',
  'Hydraxian Waterlords',
  'Judgement',
  'Mirage Raceway',
  'Mograine',
  'Nethergarde Keep',
  'Noggenfogger',
  'Pyrewood Village',
  'Razorgore',
  'Shazzrah',
  'Skullflame',
  'Stonespine',
  'Ten Storms',
  'Zandalar Tribe',
  'Amnennar',
  'Auberdine',
  'Sulfuron',
  'Everlook',
  'Lakeshire',
  'Razorfen',
  'Transcendence',
  'Venoxis',
  'Patchwerk',
  'Chromie',
  'Flamegor',
  'Harbinger of Doom',
  "Rhok'delar",
  'Wyrmthalak',
  'Arugal',
  'Felstriker',
  'Remulos',
  'Yojamba',
  'Atiesh',
  'Azuresong',
  'Benediction',
  'Faerlina',
  'Grobbulus',
  'Mankrik',
  'Myzrael',
  'Old Blanchy',
  'Pagle',
  'Sulfuras',
  'Westfall',
  'Whitemane',
  'Windseeker',
  'Bigglesworth',
  'Blaumeux',
  'Fairbanks',
  'Kurinnaxx',
  'Rattlegore',
  'Smolderweb',
  'Thalnos',
];
const retailServers = [
  'Argent Dawn',
  'Draenor',
  'Kazzak',
  'Ravencrest',
  'Silvermoon',
  'Tarren Mill',
  'Twisting Nether',
  'Outland',
  'Stormscale',
  'Ragnaros',
  'Illidan',
  'Area 52',
  'Stormrage',
  'Sargeras',
  'Tichondrius',
];
const valorantRanks = [
  'Iron',
  'Bronze',
  'Silver',
  'Gold',
  'Platinum',
  'Diamond',
  'Ascendant',
  'Immortal',
  'Radiant',
];
const lolRanks = [
  'Unranked',
  'Iron',
  'Bronze',
  'Silver',
  'Gold',
  'Platinum',
  'Emerald',
  'Diamond',
  'Master',
];
const agents = [
  'Jett',
  'Reyna',
  'Sage',
  'Phoenix',
  'Sova',
  'Omen',
  'Killjoy',
  'Cypher',
  'Viper',
  'Raze',
];

export function demoProducts(): Product[] {
  const specs: ProductSpec[] = [
    {
      id: 1,
      title: 'WoW Classic Era Gold',
      type: MarketplaceType.Gold,
      related: [2],
      fields: [
        { title: 'Realm', kind: FieldKind.Select, required: true, values: classicRealms },
        { title: 'Faction', kind: FieldKind.Select, required: true, values: ['Alliance', 'Horde'] },
        { title: 'Delivery note', kind: FieldKind.Text },
      ],
    },
    {
      id: 2,
      title: 'WoW Retail Gold',
      type: MarketplaceType.Gold,
      stepSize: 1000,
      related: [1],
      fields: [
        { title: 'Region', kind: FieldKind.Select, required: true, values: ['EU', 'US'] },
        { title: 'Server', kind: FieldKind.Select, required: true, values: retailServers },
        { title: 'Faction', kind: FieldKind.Select, required: true, values: ['Alliance', 'Horde'] },
      ],
    },
    {
      id: 3,
      title: 'Lost Ark Gold',
      type: MarketplaceType.Gold,
      stepSize: 100,
      fields: [
        {
          title: 'Region',
          kind: FieldKind.Select,
          required: true,
          values: ['EU Central', 'NA East', 'NA West'],
        },
        { title: 'Server', kind: FieldKind.Text, required: true, editData: { max_length: 40 } },
      ],
    },
    {
      id: 4,
      title: 'Old Republic Credits (retired)',
      type: MarketplaceType.Gold,
      active: false,
      fields: [
        {
          title: 'Server',
          kind: FieldKind.Select,
          required: true,
          values: ['Darth Malgus', 'Star Forge'],
        },
      ],
    },
    {
      id: 10,
      title: 'Valorant Accounts',
      type: MarketplaceType.Account,
      related: [11],
      fields: [
        { title: 'Rank', kind: FieldKind.Select, required: true, values: valorantRanks },
        {
          title: 'Region',
          kind: FieldKind.Select,
          required: true,
          values: ['EU', 'NA', 'AP', 'KR'],
        },
        {
          title: 'Platform',
          kind: FieldKind.Select,
          required: true,
          values: ['PC', 'PlayStation', 'Xbox'],
        },
        { title: 'Agents', kind: FieldKind.MultiSelect, values: agents },
        {
          title: 'Account level',
          kind: FieldKind.Number,
          required: true,
          editData: { min: 1, max: 1000 },
        },
        {
          title: 'Account title',
          kind: FieldKind.Text,
          required: true,
          editData: { max_length: 120 },
        },
        { title: 'Old skins field', kind: FieldKind.Text, deleted: true },
      ],
    },
    {
      id: 11,
      title: 'League of Legends Accounts',
      type: MarketplaceType.Account,
      related: [10],
      fields: [
        { title: 'Rank', kind: FieldKind.Select, required: true, values: lolRanks },
        {
          title: 'Server',
          kind: FieldKind.Select,
          required: true,
          values: ['EUW', 'EUNE', 'NA', 'KR', 'BR'],
        },
        {
          title: 'Champions',
          kind: FieldKind.Number,
          required: true,
          editData: { min: 0, max: 200 },
        },
        {
          title: 'Skins',
          kind: FieldKind.MultiSelect,
          values: ['Elementalist Lux', 'Pulsefire Ezreal', 'Spirit Blossom Ahri', 'PROJECT: Yasuo'],
        },
        { title: 'Details', kind: FieldKind.TextArea, editData: { max_length: 2000 } },
        { title: 'Badge', kind: 9 },
      ],
    },
    {
      id: 12,
      title: 'Fortnite Accounts',
      type: MarketplaceType.Account,
      fields: [
        {
          title: 'Platform',
          kind: FieldKind.Select,
          required: true,
          values: ['PC', 'PlayStation', 'Xbox', 'Switch', 'Mobile'],
        },
        { title: 'Skins count', kind: FieldKind.Number, required: true, editData: { min: 0 } },
      ],
    },
    {
      id: 13,
      title: 'Overwatch Accounts (paused)',
      type: MarketplaceType.Account,
      active: false,
      fields: [
        {
          title: 'Rank',
          kind: FieldKind.Select,
          required: true,
          values: ['Bronze', 'Gold', 'Master'],
        },
      ],
    },
  ];
  const titles = new Map(specs.map((s) => [s.id, s.title]));
  return specs.map((s) => product(s, titles));
}

interface OfferSpec {
  sellerId: number;
  productId: number;
  status: OfferStatusValue;
  price: number;
  amount?: number;
  min?: number;
  data: Record<string, string | number | (string | number)[]>;
  outerName?: string;
  screenshots?: number;
  credentials?: number;
  credentialSystem?: number;
}

function demoOffers(): OfferSpec[] {
  const valorant = {
    '1001': 'Diamond',
    '1002': 'EU',
    '1003': 'PC',
    '1004': ['Jett', 'Sage'],
    '1005': 120,
    '1006': 'Diamond 2, 30 skins',
  };
  const lol = {
    '1101': 'Gold',
    '1102': 'EUW',
    '1103': 87,
    '1104': ['Pulsefire Ezreal'],
    '1105': 'Hand-levelled, no bans.',
  };
  return [
    {
      sellerId: 1,
      productId: 1,
      status: OfferStatus.Active,
      price: 0.05,
      amount: 500000,
      min: 1000,
      data: { '101': 'Gehennas', '102': 'Horde' },
    },
    {
      sellerId: 1,
      productId: 2,
      status: OfferStatus.NotActive,
      price: 0.012,
      amount: 2000000,
      min: 1000,
      data: { '201': 'EU', '202': 'Kazzak', '203': 'Horde' },
    },
    {
      sellerId: 1,
      productId: 3,
      status: OfferStatus.Draft,
      price: 0.0009,
      amount: 900000,
      min: 100,
      data: { '301': 'EU Central', '302': 'Ratik' },
    },
    {
      sellerId: 1,
      productId: 10,
      status: OfferStatus.OnReview,
      price: 79.9,
      data: valorant,
      outerName: 'Diamond EU account, 30 skins',
      screenshots: 2,
      credentials: 1,
    },
    {
      sellerId: 1,
      productId: 10,
      status: OfferStatus.NeedDetails,
      price: 45,
      data: { ...valorant, '1006': '' },
      outerName: 'Gold account (needs title)',
      screenshots: 1,
      credentials: 1,
    },
    {
      sellerId: 1,
      productId: 11,
      status: OfferStatus.Sold,
      price: 120,
      data: lol,
      outerName: 'Gold EUW, 87 champions',
      screenshots: 3,
      credentials: 1,
    },
    {
      sellerId: 1,
      productId: 11,
      status: OfferStatus.ReviewPassed,
      price: 150,
      data: { ...lol, '1101': 'Emerald' },
      outerName: 'Emerald EUW smurf',
      screenshots: 2,
      credentials: 2,
    },
    {
      sellerId: 1,
      productId: 12,
      status: OfferStatus.Active,
      price: 35,
      data: { '1201': 'PC', '1202': 44 },
      outerName: '44 skins, PC',
      screenshots: 1,
      credentials: 3,
    },
    {
      sellerId: 1,
      productId: 12,
      status: OfferStatus.NotActive,
      price: 19.5,
      data: { '1201': 'Switch', '1202': 5 },
      outerName: 'Starter account',
      screenshots: 1,
      credentials: 0,
    },
    {
      sellerId: 1,
      productId: 11,
      status: OfferStatus.OnReview,
      price: 60,
      data: lol,
      outerName: 'Manual delivery',
      screenshots: 1,
      credentialSystem: CredentialSystem.None,
    },
    {
      sellerId: 2,
      productId: 1,
      status: OfferStatus.Active,
      price: 0.06,
      amount: 100000,
      min: 1000,
      data: { '101': 'Firemaw', '102': 'Alliance' },
    },
    {
      sellerId: 2,
      productId: 10,
      status: OfferStatus.OnReview,
      price: 55,
      data: valorant,
      outerName: 'Other seller account',
      screenshots: 1,
      credentials: 2,
    },
    {
      sellerId: 2,
      productId: 12,
      status: OfferStatus.Draft,
      price: 25,
      data: { '1201': 'Xbox', '1202': 10 },
      outerName: 'Other seller draft',
    },
  ];
}

/** The initial world of a fresh sandbox. `now` anchors the demo timestamps in the past. */
export function seedData(name: SeedName, now: number, tokens: readonly string[]): MarketData {
  const sellers = demoSellers(tokens);
  const products = demoProducts();
  const data: MarketData = {
    sellers,
    products,
    offers: [],
    credentials: [],
    transferredOfferIds: [],
    screenshots: [],
    nextOfferId: 1001,
    nextCredentialId: 1,
    nextScreenshotId: 1,
  };
  if (name === 'empty') return data;

  const specs = demoOffers();
  // Demo history spreads over the last day, one minute apart, oldest first.
  let at = now - 24 * 3600_000;
  for (const spec of specs) {
    at += 60_000;
    const product = products.find((p) => p.id === spec.productId);
    if (!product) throw new Error(`seed: unknown product ${spec.productId}`);
    const id = data.nextOfferId++;
    const stamp = new Date(at).toISOString();
    const screenshots: string[] = [];
    for (let i = 0; i < (spec.screenshots ?? 0); i++) {
      const sid = data.nextScreenshotId++;
      const path = `storage/screenshots/${spec.sellerId}/${sid}.png`;
      const shot: StoredScreenshot = {
        path,
        sellerId: spec.sellerId,
        visibleAt: 0,
        contentType: 'image/png',
        bytes: placeholderPng(path),
      };
      data.screenshots.push(shot);
      screenshots.push(path);
    }
    const isAccount = product.marketplace_type === MarketplaceType.Account;
    const credentialSystem =
      spec.credentialSystem ?? (isAccount ? CredentialSystem.Multiple : CredentialSystem.None);
    const sold = spec.status === OfferStatus.Sold;
    for (let i = 0; i < (spec.credentials ?? 0); i++) {
      const login = `demo${id}_${i + 1}`;
      const email = `${login}@mail.sandbox.test`;
      const hashes = marketplaceHashes({ login, email });
      const credential: StoredCredential = {
        id: data.nextCredentialId++,
        offerId: id,
        login,
        email,
        is_2fa_active: false,
        comment: null,
        status: sold ? CredentialStatus.Sold : CredentialStatus.Active,
        login_hash: hashes.loginHash,
        email_hash: hashes.emailHash,
        updated_at: stamp,
      };
      data.credentials.push(credential);
    }
    const offer: StoredOffer = {
      id,
      product_id: product.id,
      user_id: spec.sellerId,
      price_per_step: spec.price,
      amount: spec.amount ?? 1,
      min_purchase_amount: spec.min ?? 1,
      status: spec.status,
      marketplace_type: product.marketplace_type,
      guarantee_delivery_time: isAccount ? 3_600_000 : 7_200_000,
      credential_system_type_id: credentialSystem,
      description: isAccount ? 'Full access, original email included.' : '',
      outer_name: spec.outerName ?? '',
      internal_name: spec.outerName ? `#${id} ${spec.outerName}` : '',
      comment_for_reviewer: '',
      image: screenshots[0] ?? '',
      is_enabled: true,
      is_auto_activate_status: false,
      data: spec.data,
      screenshots,
      original_import_price: 0,
      commission_percent: isAccount ? 12 : 8,
      import_status: 0,
      purchased_amount: sold ? 1 : 0,
      last_review_comment:
        spec.status === OfferStatus.NeedDetails ? 'Please fill in the account title.' : '',
      credentials_recorded: (spec.credentials ?? 0) > 0,
      created_at: stamp,
      updated_at: stamp,
      deleted_at: null,
      product_currency_setting_id: currencySettingOf(product.id),
    };
    data.offers.push(offer);
    const seller = sellers.find((s) => s.id === spec.sellerId);
    if (seller) seller.lastUpdatedMs = Math.max(seller.lastUpdatedMs, at);
  }
  return data;
}

/** Each product sells in one currency setting in the sandbox; my_offers can filter by it. */
export function currencySettingOf(productId: number): number {
  return 5000 + productId;
}
