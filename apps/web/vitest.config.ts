import { defineProject } from 'vitest/config';

export default defineProject({
  // The same JSON/glob handling as the app; no PWA plugin in unit tests.
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
