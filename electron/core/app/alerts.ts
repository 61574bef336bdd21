// The app's side of alerts: the context its rounds and Settings give the alert use cases (the
// profile's name, the marketplace's minute, the app's language, which the profile's alerts follow).
import type { Locale } from '../../contract/i18n';
import {
  alertsAfterRound,
  setAlertLanguage,
  type AlertContext,
  type RoundResult,
} from '../usecases/alerts';
import { listProfiles } from '../usecases/profiles';
import type { SellerProfile } from '../usecases/profile';
import { MINUTE_MS } from '../usecases/watch';
import type { AppCoreOptions } from './options';

export function appAlertContext(
  options: Pick<AppCoreOptions, 'dataDir' | 'windowMs'>,
  profile: SellerProfile,
  locale: Locale,
): AlertContext {
  setAlertLanguage(profile, locale);
  const name =
    listProfiles(options.dataDir, profile.baseUrl).find((p) => p.file === profile.file)?.name ??
    new URL(profile.baseUrl).host;
  return { profileName: name, minuteMs: options.windowMs ?? MINUTE_MS, locale };
}

/**
 * After one of the app's rounds (the shown profile's or a background one's): its events on every
 * alert channel. Never in the way of the sync: a failure is logged, and what was not sent is
 * tried again after the next round.
 */
export function alertAfterRound(
  options: Pick<AppCoreOptions, 'dataDir' | 'windowMs' | 'log'>,
  profile: SellerProfile,
  locale: Locale,
  result: RoundResult,
): void {
  void (async () => {
    try {
      await alertsAfterRound(profile, result, appAlertContext(options, profile, locale));
    } catch (error) {
      options.log?.('alerts failed', error);
    }
  })();
}
