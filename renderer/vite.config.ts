// The renderer's build: relative asset paths (`base: './'`) because Electron loads it from disk
// and the browser host serves it from its own root.
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

const rendererDir = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: rendererDir,
  base: './',
  plugins: [svelte()],
  // The packaged app has no dev server; nothing should reach out for one.
  server: { host: '127.0.0.1', strictPort: true },
  build: {
    outDir: fileURLToPath(new URL('../out/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome120',
    // A source map would expose nothing secret, but keeps the packaged app smaller without.
    sourcemap: false,
    reportCompressedSize: false,
  },
});
