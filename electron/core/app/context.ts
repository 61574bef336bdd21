// What every group of handlers works with: the open profile (if any), the event bus, the
// background sync, and the facade's ports to the platform.
import type { EventBus } from './events';
import type { AppCoreOptions } from './options';
import type { Profile } from './profile';
import type { SyncScheduler } from '../usecases/sync/scheduler';
import type { SellerProfile } from '../usecases/profile';
import { refusal } from './failures';

export interface AppContext {
  readonly options: AppCoreOptions;
  readonly bus: EventBus;
  readonly scheduler: SyncScheduler;
  /** The open profile; without one, an `unauthorized` failure that sends the seller to Connect. */
  profile(): Profile;
  /** The open profile as use cases take it (core/usecases); the same rule without one. */
  seller(): SellerProfile;
  currentProfile(): Profile | null;
  /** A local change was committed: tell the renderer and sync soon. */
  changed(localIds: number[] | null): void;
}

export function requireProfile(profile: Profile | null): Profile {
  if (!profile) {
    throw refusal('unauthorized', 'refusals.app.connectFirst');
  }
  return profile;
}
