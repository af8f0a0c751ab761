import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

/**
 * The operator console, a build of its own so the customer app's bundle never carries antd. It is
 * served by the same server under `/admin/` (hash routing, so any page reloads from the one
 * index.html); `/admin/api` goes to the server in development.
 */
export default defineConfig({
  base: '/admin/',
  // Brotli and gzip copies of every text file, written at build time; the server picks one per request.
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The browsers the app supports (Vite's "baseline widely available": Chrome/Edge 111, Firefox 114,
    // Safari 16.4), named here so no transform for older ones creeps in (Lighthouse flags legacy JS).
    target: ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'],
    // antd is large and the console is a desktop tool on an office network; the warning is noise here.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // As in the app: the contracts' modules have no side effects, so unused zod schemas stay out.
        moduleSideEffects: (id: string) => !id.includes('/packages/contracts/'),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+|@emotion|dayjs)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '/admin/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
});
