import type { Config } from '../../config';
import type { AccountService } from './service';

export const DEMO_BIRTH_DATE = '1980-01-01';

/** Creates the demo owner if its number has no account; true if it was created now. */
export async function ensureDemoOwner(accounts: AccountService, demo: Config['demo']): Promise<boolean> {
  if (!demo.enabled || (await accounts.accountExists(demo.mobile))) return false;
  return accounts.createAccountDirectly({ mobileNo: demo.mobile, name: demo.name, birthDate: DEMO_BIRTH_DATE, pin: demo.pin });
}
