import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.HEARTH_SERVER ?? 'http://localhost:8080';

// `npm run dev -w @hearth/web` serves the client with hot reload and forwards the API and live
// connection to a running server.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
});
