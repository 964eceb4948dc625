import { runAdmin } from '../../src/admin/commands';
import type { TestContext } from './harness';

/** `npm run admin -- …` in-process on the test's database and clock, its output lines captured. */
export function adminRunner(t: TestContext) {
  return async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: {}, db: t.database.db, clock: t.clock });
    return { code, out, err };
  };
}
