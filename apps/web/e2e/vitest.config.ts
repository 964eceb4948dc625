import { defineProject } from 'vitest/config';

// Browser tests: the built app served by a real server, driven in Debian's Chromium.
export default defineProject({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One file at a time: each drives a whole Chromium, and the machine has two cores.
    fileParallelism: false,
    // expect.poll waits on a condition; its default 1 s is shorter than a round trip (click → API →
    // re-render) can take on a busy 2-core machine, which made tests fail under load.
    expect: { poll: { timeout: 10_000 } },
  },
});
