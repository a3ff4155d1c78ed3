import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

/** Long-lived vendor code in its own chunks: an app release then does not invalidate the browser cache of React or antd. */
const VENDOR_GROUPS = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
  { name: 'vendor-antd', test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/ },
];

export default defineConfig(({ mode }) => {
  // '' loads every variable, not only VITE_*: PORT and APP_NAME are shared with the server.
  const env = loadEnv(mode, process.cwd(), '');
  const apiPort = env.PORT || '8080';
  const appName = env.VITE_APP_NAME || env.APP_NAME || DEFAULT_APP_NAME;

  return {
    root: '.',
    plugins: [react(), appNameInHtml(appName)],
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
      // antd alone is ~1 MB minified; pages are split per route, so only vendor chunks come near this.
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        output: { codeSplitting: { groups: VENDOR_GROUPS } },
      },
    },
  };
});
