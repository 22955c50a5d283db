import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'reports', environment: 'node', include: ['test/**/*.test.ts'] } });
