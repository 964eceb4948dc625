/**
 * The hire ledger's query keys: everything starts with ['hire'], so a write (a job, a payment) refreshes
 * every figure it moves — the job, its customer's balance, the ledger's lists.
 */
export const hireKeys = {
  all: ['hire'] as const,
  customers: ['hire', 'customers'] as const,
  customer: (id: string) => ['hire', 'customer', id] as const,
  jobs: ['hire', 'jobs'] as const,
  job: (id: string) => ['hire', 'job', id] as const,
  proposals: ['hire', 'proposals'] as const,
  billLinks: (customerId: string) => ['hire', 'billLinks', customerId] as const,
  liveLinks: ['hire', 'liveLinks'] as const,
};
