import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateCustomerRequest,
  CreateJobRequest,
  CreatePaymentRequest,
  Customer,
  JobDetail,
  Payment,
  UpdateCustomerRequest,
  UpdateJobRequest,
} from '@tractorlink/domain/hire-api';
import { paths } from '../../../config/paths';
import { outboxEntries, runsOffline, submitWrite } from '../../../lib/outbox/outbox';
import { canRewrite } from '../../../lib/outbox/queue';
import type { WriteRequest } from '../../../lib/outbox/types';
import { hireKeys } from './keys';
import { HIRE_WRITE, customerTarget, jobTarget, paymentTarget } from './pending';

/**
 * The hire ledger's writes, every one through the outbox (lib/outbox): kept on the phone first and sent
 * in order with its Idempotency-Key, so a customer, a job and a payment made offline reach the server
 * once, in the order they were made (the customer before their job, the job before its payment). Their
 * ids are made here (crypto.randomUUID()): the server stores a create sent twice once.
 */

/** What a write came to: the server's answer, or kept on the phone to send later. */
export type Saved<T> = { queued: false; body: T } | { queued: true };

const refreshed = [hireKeys.all];

function useWrite<Input, T>(request: (input: Input) => WriteRequest, after?: (body: T, client: ReturnType<typeof useQueryClient>) => void) {
  const client = useQueryClient();
  return useMutation({
    ...runsOffline,
    mutationFn: async (input: Input): Promise<Saved<T>> => {
      const result = await submitWrite<T>(request(input));
      if (result.state === 'queued') return { queued: true };
      after?.(result.body, client);
      return { queued: false, body: result.body };
    },
  });
}

const keepJob = (job: JobDetail, client: ReturnType<typeof useQueryClient>) => client.setQueryData(hireKeys.job(job.id), job);

/** A customer the server answered with, in the kept list at once (the list's own answer follows). */
const keepCustomer = (customer: Customer, client: ReturnType<typeof useQueryClient>) =>
  client.setQueryData<Customer[]>(hireKeys.customers, (list) => (list ? [customer, ...list.filter((c) => c.id !== customer.id)] : list));

/** POST hire/customers: a new customer (their id made here). */
export function useCreateCustomer() {
  return useWrite<CreateCustomerRequest, Customer>(
    (body) => ({
      kind: HIRE_WRITE.customerCreate,
      method: 'POST',
      path: 'hire/customers',
      body,
      target: customerTarget(body.id),
      label: body.name,
      invalidate: refreshed,
      editPath: `${paths.hireCustomerForm.getHref()}?id=${encodeURIComponent(body.id)}`,
    }),
    keepCustomer,
  );
}

/** PUT hire/customers/{id}: name, phone, village and language (all of them). */
export function useUpdateCustomer() {
  return useWrite<{ id: string; body: UpdateCustomerRequest }, Customer>(
    ({ id, body }) => ({
      kind: HIRE_WRITE.customerUpdate,
      method: 'PUT',
      path: `hire/customers/${encodeURIComponent(id)}`,
      body,
      target: customerTarget(id),
      label: body.name,
      invalidate: refreshed,
      editPath: `${paths.hireCustomerForm.getHref()}?id=${encodeURIComponent(id)}`,
    }),
    keepCustomer,
  );
}

/**
 * POST hire/jobs: a job started now (or earlier, or already over). The start is always sent: a start
 * kept offline and sent later must not begin when the signal came back.
 */
export function useCreateJob() {
  return useWrite<{ body: CreateJobRequest; customerName: string }, JobDetail>(
    ({ body, customerName }) => ({
      kind: HIRE_WRITE.jobCreate,
      method: 'POST',
      path: 'hire/jobs',
      body,
      target: jobTarget(body.id),
      label: customerName,
      invalidate: refreshed,
      editPath: paths.hireJob.getHref(body.id),
    }),
    keepJob,
  );
}

/** POST hire/jobs/{id}/end: stopped at the tap (the time is sent, for a stop kept offline). */
export function useEndJob() {
  return useWrite<{ id: string; customerName: string; endAt: number }, JobDetail>(
    ({ id, customerName, endAt }) => ({
      kind: HIRE_WRITE.jobEnd,
      method: 'POST',
      path: `hire/jobs/${encodeURIComponent(id)}/end`,
      body: { endAt },
      target: jobTarget(id),
      label: customerName,
      invalidate: refreshed,
      editPath: paths.hireJob.getHref(id),
    }),
    keepJob,
  );
}

/**
 * PATCH hire/jobs/{id}: the boundary, rate or basis. A change not yet sent takes in the one before it
 * (both are partial: replacing would lose the earlier fields).
 */
export function useUpdateJob() {
  return useWrite<{ id: string; customerName: string; change: UpdateJobRequest }, JobDetail>(({ id, customerName, change }) => {
    const earlier = outboxEntries().find((e) => e.kind === HIRE_WRITE.jobUpdate && e.target === jobTarget(id) && canRewrite(e) && !e.refusal);
    return {
      kind: HIRE_WRITE.jobUpdate,
      method: 'PATCH',
      path: `hire/jobs/${encodeURIComponent(id)}`,
      body: { ...(earlier?.body as UpdateJobRequest | undefined), ...change },
      target: jobTarget(id),
      label: customerName,
      invalidate: refreshed,
      editPath: paths.hireJob.getHref(id),
      supersedes: (e) => e.id === earlier?.id,
    };
  }, keepJob);
}

/** DELETE hire/jobs/{id}. */
export function useDeleteJob() {
  return useWrite<{ id: string; customerName: string }, null>(({ id, customerName }) => ({
    kind: HIRE_WRITE.jobDelete,
    method: 'DELETE',
    path: `hire/jobs/${encodeURIComponent(id)}`,
    target: jobTarget(id),
    label: customerName,
    invalidate: refreshed,
  }));
}

/** POST hire/payments: money received, for the customer or one of their jobs. */
export function useCreatePayment() {
  return useWrite<{ body: CreatePaymentRequest; customerName: string }, Payment>(({ body, customerName }) => ({
    kind: HIRE_WRITE.paymentCreate,
    method: 'POST',
    path: 'hire/payments',
    body,
    target: paymentTarget(body.id),
    label: customerName,
    invalidate: refreshed,
    editPath: paths.hireCustomer.getHref(body.customerId),
  }));
}

/** DELETE hire/payments/{id}: a payment entered by mistake. */
export function useDeletePayment() {
  return useWrite<{ id: string; customerName: string }, null>(({ id, customerName }) => ({
    kind: HIRE_WRITE.paymentDelete,
    method: 'DELETE',
    path: `hire/payments/${encodeURIComponent(id)}`,
    target: paymentTarget(id),
    label: customerName,
    invalidate: refreshed,
  }));
}
