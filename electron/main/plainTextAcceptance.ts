// "Store it anyway": the seller's explicit acceptance of plain-text token storage passes through
// main, which records it in the vault before the core stores the token.
import type { Answering } from '../contract/ipc';
import { answerCall } from '../contract/ipc';
import type { SafeStorageVault } from './tokenVault';

export function withPlainTextAcceptance(core: Answering, vault: SafeStorageVault): Answering {
  return {
    handlers: core.handlers,
    answer: async (name, input) => {
      if (name === 'session.acceptPlainTextStorage') vault.acceptPlainTextStorage();
      return answerCall(core, name, input);
    },
  };
}
