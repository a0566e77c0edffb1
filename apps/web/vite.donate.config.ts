import { defineConfig } from 'vite';

/**
 * The public donation pages (decision 006): their own HTML entry, with React's API provided by
 * preact/compat, written into dist/donate/ beside the staff app's build. Assets land in
 * dist/assets/ like the staff app's, so the server's one immutable asset rule covers both.
 */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    modulePreload: { polyfill: false },
    rollupOptions: { input: { donate: 'donate.html' } },
  },
});
