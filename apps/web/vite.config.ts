import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { preloadFirstScreen } from '../../scripts/vite-preload-first-screen.ts';

/**
 * What the first screen needs beyond the entry, preloaded from index.html: the start page (the app's
 * root redirects there) and the strings of the configured default locale (an empty setting defers to
 * the browser's language, unknown at build time).
 */
const defaultLocale = process.env.VITE_DEFAULT_LOCALE ?? 'es';
const firstScreenModules = ['/src/features/home/pages/home-page.tsx', ...(defaultLocale ? [`/src/locales/${defaultLocale}.json`] : [])];

/**
 * The customer app. Hash routing with a relative base, so the built `dist/` works from any path
 * the server mounts it on. `/web` (the API and its push socket) goes to the server in development.
 */
export default defineConfig({
  base: './',
  // Brotli and gzip copies of every text file, written at build time; the server picks one per request.
  plugins: [react(), preloadFirstScreen(firstScreenModules), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The browsers the app supports (Vite's "baseline widely available": Chrome/Edge 111, Firefox 114,
    // Safari 16.4), named here so no transform for older ones creeps in (Lighthouse flags legacy JS).
    target: ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'],
    rolldownOptions: {
      treeshake: {
        // The contracts package declares no `sideEffects`; its modules have none, so unused ones
        // (the zod schemas) stay out of the entry chunk when only constants are imported.
        moduleSideEffects: (id: string) => !id.includes('/packages/contracts/'),
      },
      output: {
        // Named vendor chunks, so the size report says what the first load is made of.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'i18next', test: /node_modules[\\/]i18next[\\/]/ },
            {
              name: 'antd-mobile',
              test: /node_modules[\\/](antd-mobile|@react-spring|@use-gesture|rc-[a-z-]+|ahooks|tslib|classnames|@floating-ui)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/web': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/web': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
});
