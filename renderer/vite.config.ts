// The renderer's build: relative asset paths (`base: './'`) because Electron loads it from its own
// app:// scheme and the browser host serves it from its root. No Node imports here: the layering
// test holds everything under renderer/ to the contract only (vite fills in import.meta.dirname).
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [svelte()],
  server: { host: '127.0.0.1', strictPort: true },
  build: {
    // Relative to root: <repo>/out/renderer.
    outDir: '../out/renderer',
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: false,
    reportCompressedSize: false,
  },
});
