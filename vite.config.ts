import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite/precompress.js';
import { signInChunkGroup } from './scripts/vite/signInChunk.js';
import { zhCnSplit } from './scripts/vite/zhCnSplit.js';

const DEFAULT_APP_NAME = '企业办公自动化平台';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Puts the configured product name into index.html, so the tab title is right before any script runs. */
function appNameInHtml(appName: string): Plugin {
  return {
    name: 'oa-app-name-in-html',
    transformIndexHtml: (html) => html.replaceAll('%APP_NAME%', escapeHtml(appName)),
  };
}

/**
 * React and the router in a long-lived chunk of their own: every page needs them, and an app
 * release then does not invalidate their browser cache (priority: taken before the app shell).
 * Then the app shell: the entry's and the sign-in page's code with the antd parts they use, in
 * one chunk (scripts/vite/signInChunk.ts). antd as a whole is deliberately not a group: it would
 * pull the components only the entity screens use (tables, forms, pickers) into the sign-in page.
 */
const VENDOR_GROUPS = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 1 },
  signInChunkGroup(['src/main.tsx', 'src/pages/login/LoginPage.tsx']),
];

export default defineConfig(({ mode }) => {
  // '' loads every variable, not only VITE_*: PORT and APP_NAME are shared with the server.
  const env = loadEnv(mode, process.cwd(), '');
  const apiPort = env.PORT || '8080';
  const appName = env.VITE_APP_NAME || env.APP_NAME || DEFAULT_APP_NAME;

  return {
    root: '.',
    plugins: [react(), appNameInHtml(appName), zhCnSplit(), precompress()],
    define: {
      // The runtime reads the same name the HTML title got, whichever variable set it.
      'import.meta.env.VITE_APP_NAME': JSON.stringify(appName === DEFAULT_APP_NAME ? '' : appName),
    },
    server: {
      proxy: {
        '/capi': { target: `http://localhost:${apiPort}`, changeOrigin: true },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Pages are split per route; the largest chunks are antd's shared core and the entity
      // screens (antd table/form + Formily), each well under 1 MB minified.
      chunkSizeWarningLimit: 1000,
      rolldownOptions: {
        output: { codeSplitting: { groups: VENDOR_GROUPS } },
      },
    },
  };
});
