import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types';
import { insertTractor, type ProvisionInput, type TractorRow } from '../../src/modules/tractors/repo';
import { TEST_START } from './test-clock';
import { DEFAULT_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';

let sequence = 0;

/** A provisioned tractor with unique identifiers; `overrides` pick the ones a test cares about. */
export function provisionTractor(db: Kysely<Database>, overrides: Partial<ProvisionInput> = {}): Promise<TractorRow> {
  sequence++;
  const n = String(sequence).padStart(4, '0');
  return insertTractor(
    db,
    {
      imei: `35630704244${n}`,
      vin: `MBNAAHTR1NL00${n}`,
      engineNo: `S325${n}`,
      regNo: `MH15AB${n}`,
      model: 'Arjun 555 DI',
      deviceModel: DEFAULT_DEVICE_MODEL,
      implementWidthM: 2,
      tankCapacityL: 60,
      serviceIntervalH: 250,
      firstName: 'Ramesh',
      lastName: 'Patil',
      mobileNo: '9876543210',
      address: 'At post Pimpalgaon Baswant',
      city: 'Niphad',
      pincode: '422209',
      state: 'Maharashtra',
      expiresOn: TEST_START + 365 * 24 * 3600_000,
      ...overrides,
    },
    TEST_START,
  );
}
