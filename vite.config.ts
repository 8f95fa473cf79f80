import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_PORT = Number(process.env.API_PORT ?? 3001);

/**
 * Two builds: the browser's (dist/web, with a manifest the budget test and the server read) and, with
 * `--ssr`, the server renderer (dist/web-server/entry-server.js), which the Fastify process loads by path.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? { outDir: '../../dist/web-server', emptyOutDir: true }
    : { outDir: '../../dist/web', emptyOutDir: true, assetsDir: 'assets', sourcemap: true, manifest: true },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': `http://127.0.0.1:${API_PORT}`,
      '/uploads': `http://127.0.0.1:${API_PORT}`,
    },
  },
}));
