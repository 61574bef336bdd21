// The seller's session intents: check a token, connect, disconnect.
export { checkToken, wellFormedToken, type CheckTokenInput } from './checkToken';
export {
  connect,
  disconnect,
  PLAIN_TEXT_BACKEND,
  type ConnectInput,
  type TokenKeeper,
} from './connect';
