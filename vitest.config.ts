import { defineConfig } from 'vitest/config';

// One run for the whole workspace; each project keeps its own environment (node or jsdom).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/sync-server', 'apps/pwa'],
    // Vitest's default is one worker less than the cores: a single worker on the 2-core CI machine,
    // which left one core idle. Every test file brings its own database, temp folder and ports.
    maxWorkers: 2,
  },
});
