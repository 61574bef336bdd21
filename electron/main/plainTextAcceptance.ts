// "Store it anyway": the seller's explicit acceptance of plain-text token storage passes through
// main, which records it in the vault before the core stores the token.
import type { Handlers } from '../contract/ipc';
import type { SafeStorageVault } from './tokenVault';

export function withPlainTextAcceptance(handlers: Handlers, vault: SafeStorageVault): Handlers {
  const accept = handlers['session.acceptPlainTextStorage'];
  return {
    ...handlers,
    'session.acceptPlainTextStorage': async (input) => {
      vault.acceptPlainTextStorage();
      return accept(input);
    },
  };
}
