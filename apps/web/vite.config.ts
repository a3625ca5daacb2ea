import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bundleBudget } from './vite-plugins/bundle-budget';
import { precompressAssets } from './vite-plugins/precompress';

const API_TARGET = 'http://127.0.0.1:8080';

/** A new id for every build: the server reports the one in dist/build.json, the app knows its own. */
const random = Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');
const buildId = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${random}`;

function writeBuildInfo(id: string): Plugin {
  return {
    name: 'printdeck-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: `${JSON.stringify({ build: id })}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    writeBuildInfo(buildId),
    // issue 15: the sign-in page's JavaScript stays under 250 kB gzip as the app grows
    bundleBudget({
      pageModules: [/features\/auth\/components\/LoginPage\.tsx$/, /i18n\/en\.json$/],
      maxGzipBytes: 250_000,
    }),
    precompressAssets(),
  ],
  define: { __APP_BUILD_ID__: JSON.stringify(buildId) },
  server: { host: '127.0.0.1', proxy: { '/api': API_TARGET } },
  preview: { host: '127.0.0.1', proxy: { '/api': API_TARGET } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React, Mantine, the router and zod make one large entry; the signed-in screens load
    // lazily. The budget that matters is the gzip size of /login, checked by bundleBudget.
    chunkSizeWarningLimit: 800,
    // terser packs the sign-in page 2 % tighter than esbuild (issue 15's 250 kB budget)
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
  },
});
