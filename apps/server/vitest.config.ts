import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: files in parallel but bounded, so PostgreSQL and socket tests don't starve.
    maxWorkers: 2,
    // Projects with their own maxWorkers need their own group (Vitest refuses to mix them); run after the others.
    sequence: { groupOrder: 1 },
  },
});
