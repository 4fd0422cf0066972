import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies of the browser's files beside them (the local
    // backend serves them by Accept-Encoding); the server bundle needs none.
    !isSsrBuild && compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: /\.html$/, logLevel: 'silent' }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // manifest: lets scripts/size.ts (npm run size) list the files each route loads.
  // No source maps in what `npm start` and static hosts serve (npm run dev has its own).
  build: { outDir: 'dist', sourcemap: false, manifest: true },
}));
