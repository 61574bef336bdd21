// Starts a TypeScript worker entry when the app runs from source (vitest, tsx, the CLI via tsx):
// a worker thread has none of the parent's module hooks, so register tsx here first. A bundled
// build starts its compiled worker file directly and never loads this. Shared by the credential
// import's worker and the workbook reader's.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
