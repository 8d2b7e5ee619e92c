import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs apart (on :3000 unless API_URL says otherwise); in production the API serves this build
// from the same origin.
export default defineConfig({
  plugins: [react()],
  server: {
    // ws: the realtime hub (socket.io) lives under /api/tiempo-real.
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    // antd is one large vendor chunk by design; pages are split per route.
    chunkSizeWarningLimit: 1600,
  },
});
