import { defineConfig } from 'vitest/config';

// One run, four projects: domain rules, server integration, web units, browser end-to-end.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'apps/web/e2e'],
  },
});
