import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const server = process.env.HEARTH_SERVER ?? 'http://localhost:8080';

// `npm run dev -w @hearth/web` serves the client with hot reload and forwards the API and live
// connection to a running server.
export default defineConfig({
  plugins: [
    react(),
    // Brotli (quality 11) and gzip (level 9) copies next to each hashed asset, made once per build
    // at the highest levels, so the server sends them as they are instead of compressing per request.
    // Only assets/ (whose names carry a content hash): index.html is a few hundred bytes and
    // changes with every build. Copies that would not be smaller are skipped by the plugin.
    compression({
      include: /(^|\/)assets\/.+\.(js|css|svg|json)$/,
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 1024,
    }),
  ],
  server: {
    proxy: {
      '/api': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
});
