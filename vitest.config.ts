import { defineConfig } from 'vitest/config';

// One run for the whole workspace; each project keeps its own environment (node or jsdom).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/sync-server', 'apps/pwa'],
  },
});
