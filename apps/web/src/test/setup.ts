import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor wait on a condition; one second (the default) is too short for a busy 2-core CI
// running four test projects side by side, where a screen's next render can wait its turn that long.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
