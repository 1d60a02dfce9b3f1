import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { LOCALES } from './src/common/domain/locales';
import { catalogueJson } from './src/server/lib/catalogues';

const alias = {
  '@common': fileURLToPath(new URL('./src/common', import.meta.url)),
  '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
};

const FEATURE_PUBLIC_FILE = /\/src\/client\/features\/[^/]+\/index\.ts$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz copy next to every text file of the build (scripts, styles, index.html),
 * which the server sends instead to browsers that accept them (@fastify/static preCompressed), so
 * that nothing is compressed per request. On a phone's connection this is most of the first load:
 * about 510 kB of JavaScript become about 150 kB.
 */
function precompress(): Plugin {
  return {
    name: 'threadswap:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir as string;
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const content = await readFile(path);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * index.html carries the stylesheet in a <style> element instead of linking it: the first paint
 * (the server-rendered first screen, decision 018) then needs no second request. Linked, the
 * stylesheet blocked rendering for a round trip after the page arrived (about 200 ms on Lighthouse's
 * simulated phone connection). The file is still written, for the offline copy of the app.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'threadswap:inline-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset' || typeof page.source !== 'string') return;
      page.source = page.source.replace(
        /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g,
        (link, file: string) => {
          const sheet = bundle[file];
          if (!sheet || sheet.type !== 'asset') return link;
          const css = String(sheet.source);
          if (css.includes('</style')) return link;
          return `<style>${css}</style>`;
        },
      );
    },
  };
}

/**
 * Each language's texts as one file, /i18n/<language>.json: what the client loads when the member
 * switches language, and what the offline copy of the app reads (the server otherwise writes the
 * page's language into index.html itself, src/server/lib/client-page.ts).
 */
function catalogues(): Plugin {
  return {
    name: 'threadswap:catalogues',
    generateBundle() {
      for (const locale of LOCALES) {
        this.emitFile({ type: 'asset', fileName: `i18n/${locale}.json`, source: catalogueJson(locale) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const locale = /^\/i18n\/(\w+)\.json$/.exec(request.url ?? '')?.[1];
        if (!locale || !(LOCALES as readonly string[]).includes(locale)) return next();
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.end(catalogueJson(locale));
      });
    },
  };
}

const SSR_ENTRY = fileURLToPath(new URL('./src/client/ssr.tsx', import.meta.url));
const SSR_OUT_DIR = fileURLToPath(new URL('./dist/ssr', import.meta.url));

/**
 * After the client, the same sources once more for Node: src/client/ssr.tsx as
 * dist/ssr/ssr.mjs, with which the server renders a visitor's first screen of / and /browse into
 * the page (docs/decisions/018-server-rendered-first-screen.md). One self-contained file with the
 * packages bundled in, in React's production build whatever NODE_ENV the server runs with (its
 * development build renders six times slower); styles and the browser-only plugins are left out.
 */
function serverRendering(): Plugin {
  return {
    name: 'threadswap:server-rendering',
    apply: (config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild && !config.build?.ssr,
    async closeBundle() {
      await build({
        configFile: false,
        mode: 'production',
        root: fileURLToPath(new URL('./src/client', import.meta.url)),
        logLevel: 'warn',
        plugins: [react()],
        resolve: { alias },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: {
          ssr: SSR_ENTRY,
          outDir: SSR_OUT_DIR,
          emptyOutDir: true,
          sourcemap: false,
          minify: false,
          rolldownOptions: {
            output: { entryFileNames: 'ssr.mjs', chunkFileNames: 'chunks/[name]-[hash].mjs', format: 'esm' },
          },
        },
      });
    },
  };
}

/**
 * The installable web app: a manifest with the app icons (scripts/make-app-icons.ts) and a service
 * worker (Workbox, generated at build time). It precaches only the shell (index.html and the first
 * bundle), so any page opens offline and the app says "You are offline" instead of the browser's
 * error page; the lazily loaded chunks and photos are cached as they are used. API calls and sockets
 * always go to the network: nothing personal is kept by the worker.
 */
function installableApp() {
  return VitePWA({
    registerType: 'autoUpdate',
    // A registerSW.js file, not an inline script: the CSP allows scripts from 'self' only.
    injectRegister: 'script-defer',
    manifest: {
      id: '/',
      name: 'Threadswap',
      short_name: 'Threadswap',
      description: 'Swap pre-loved clothing, shoes and accessories item for item, with no money involved.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b7285',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['index.html', 'assets/index-*.{js,css}', 'favicon.svg', 'icons/*.png', 'i18n/*.json'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/(api|images|ws|dev|assets)(\/|$)/, /^\/(healthz|readyz)$/],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'app-chunks', expiration: { maxEntries: 150 } },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/images/'),
          handler: 'StaleWhileRevalidate',
          options: { cacheName: 'photos', expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 } },
        },
      ],
    },
  });
}

export default defineConfig({
  root: 'src/client',
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    catalogues(),
    installableApp(),
    inlineStylesheet(),
    precompress(),
    serverRendering(),
  ],
  resolve: { alias },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // three.js (the 3D preview) is one lazily loaded ~540 kB chunk; nothing else comes close.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // A feature's public file (features/<name>/index.ts) only re-exports: marked free of side
        // effects, a module that imports one part of a feature through it does not pull in the rest
        // (the app shell would otherwise load every page's components up front).
        moduleSideEffects: (id) => !FEATURE_PUBLIC_FILE.test(id),
      },
      output: {
        codeSplitting: {
          // Everything the first page needs in one chunk. Left alone, Rolldown splits off a small
          // chunk for each module that a lazy page shares with the first bundle (a button, an
          // icon): some 25 requests before the first render, which on a phone's connection (HTTP/1.1,
          // six at a time) cost a round trip per batch.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:5000',
      '/images': 'http://localhost:5000',
      '/ws': { target: 'ws://localhost:5000', ws: true },
    },
  },
});
