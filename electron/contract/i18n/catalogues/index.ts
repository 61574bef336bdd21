// Every area's messages in one map per language. An area is one file here (`<area>.ts`, keys
// "<area>.<name>"): to add one, import it and give it one entry in `areas`.
import type { Messages } from '../messages';
import * as alerts from './alerts';
import * as app from './app';
import * as common from './common';
import * as editor from './editor';
import * as number from './number';
import * as offers from './offers';
import * as pool from './pool';
import * as activity from './activity';
import * as catalogue from './catalogue';
import * as consequences from './consequences';
import * as credentials from './credentials';
import * as failures from './failures';
import * as imports from './imports';
import * as jobs from './jobs';
import * as notices from './notices';
import * as profiles from './profiles';
import * as refusals from './refusals';
import * as sales from './sales';
import * as screenshots from './screenshots';
import * as sync from './sync';
import * as undo from './undo';
import * as settings from './settings';
import * as menu from './menu';
import * as updates from './updates';
import * as worker from './worker';

const areas = {
  alerts,
  app,
  common,
  editor,
  number,
  offers,
  activity,
  catalogue,
  consequences,
  credentials,
  failures,
  imports,
  jobs,
  notices,
  pool,
  profiles,
  refusals,
  sales,
  screenshots,
  sync,
  undo,
  settings,
  menu,
  updates,
  worker,
} as const;

type Area = (typeof areas)[keyof typeof areas];
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  u: infer I,
) => void
  ? I
  : never;

/** The English messages of every area: the source of the message keys. */
export type EnglishMessages = UnionToIntersection<Area['en']>;
export type MessageKey = keyof EnglishMessages & string;

const merge = (side: 'en' | 'ru') =>
  Object.assign({}, ...Object.values(areas).map((area) => area[side])) as Messages<EnglishMessages>;

export const catalogues = { en: merge('en'), ru: merge('ru') } as const;

/** Each area's own maps, for the completeness test (a key must start with its area's name). */
export const catalogueAreas: Readonly<
  Record<string, { en: Record<string, string>; ru: Record<string, string> }>
> = areas;
