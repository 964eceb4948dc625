import type { Customer } from '@tractorlink/domain/hire-api';

/** Ramesh Patil of Shirsgaon, a customer added 2.5 hours before `now` (epoch s) with no job yet and nothing owed. */
export const newCustomer = (now: number): Customer => ({
  id: 'c1',
  name: 'Ramesh Patil',
  phone: null,
  village: 'Shirsgaon',
  language: 'mr',
  createdAt: now - 9000,
  updatedAt: now - 9000,
  jobCount: 0,
  lastJobAt: null,
  amountPaise: 0,
  paidPaise: 0,
  balancePaise: 0,
});
