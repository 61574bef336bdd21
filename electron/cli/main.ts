// The process around `runCli`: real streams, the environment, Ctrl-C, and the exit code.
import { runCli } from './run';

const interrupt = new AbortController();
let interrupts = 0;
// The first Ctrl-C (or a service manager's SIGTERM) stops between requests and keeps the queue;
// a second one does not wait.
const stop = () => {
  interrupts++;
  if (interrupts > 1) process.exit(130);
  interrupt.abort(new Error('interrupted'));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// `seller-desk offers list | head`: the reader went away; that is not a failure of ours.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: interrupt.signal,
  stdin: process.stdin,
});
process.exitCode = code;
// Every handle is closed by now; should a library keep one open, do not hang a cron job on it.
setTimeout(() => process.exit(code), 2000).unref();
