// The connection as the last status told it, for the parts of the window that show an offer's
// sync state (a row's chip, the editor) without being handed the whole status: an offer is not
// "Sending" while the marketplace cannot be reached.
import type { ConnectionState } from '../../../electron/contract/ipc/models';

export const connectionNow: { state: ConnectionState } = $state({ state: 'online' });

export function setConnectionState(state: ConnectionState): void {
  connectionNow.state = state;
}
