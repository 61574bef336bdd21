#!/usr/bin/env node
// `seller-desk`: runs the TypeScript command line in place (tsx), so `npx seller-desk …` works
// right after `npm install` with no build step to remember.
import { register } from 'tsx/esm/api';

register();
await import('../electron/cli/main.ts');
