// Reading a request body with a size cap. An oversized body is drained (up to a hard limit) so
// the client can read our 413 instead of seeing a reset connection.
import type { IncomingMessage } from 'node:http';

export const JSON_BODY_CAP = 10 * 1024 * 1024;
export const MULTIPART_BODY_CAP = 6 * 1024 * 1024;
const DRAIN_LIMIT = 64 * 1024 * 1024;

export type BodyRead = { kind: 'ok'; bytes: Buffer } | { kind: 'tooLarge' } | { kind: 'aborted' };

export function readBody(req: IncomingMessage, cap: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
      if (size > DRAIN_LIMIT) req.destroy();
    });
    req.on('end', () =>
      resolve(tooLarge ? { kind: 'tooLarge' } : { kind: 'ok', bytes: Buffer.concat(chunks) }),
    );
    req.on('error', () => resolve(tooLarge ? { kind: 'tooLarge' } : { kind: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) resolve(tooLarge ? { kind: 'tooLarge' } : { kind: 'aborted' });
    });
  });
}
