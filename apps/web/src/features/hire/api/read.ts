import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerLedger, JobDetail, JobSummary, Proposal } from '@tractorlink/domain/hire-api';
import { isLanguageCode } from '@tractorlink/domain/languages';
import type { LanguageCode } from '@tractorlink/domain/languages';
import { useMemo } from 'react';
import { apiJson } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useOutboxEntries } from '../../../lib/outbox/outbox';
import type { OutboxEntry } from '../../../lib/outbox/types';
import { isOffline } from '../../../lib/query-client';
import { useTractors } from '../../../lib/signed-in/tractors';
import { hireKeys } from './keys';
import { customerTarget, jobMadeOnPhone, jobTarget, madeOnPhoneOnly, overlayCustomers, overlayJob, overlayJobs, overlayLedger } from './pending';
import type { TractorNames } from './pending';

/**
 * The hire ledger's reads (docs/hire-api.md), each kept (encrypted) for offline use and shown with the
 * phone's own writes laid over it (pending.ts): a customer, job or payment made offline is there at
 * once, through a reload, until the server has it.
 */

/** The hire writes waiting on this phone, and the tractors' names for a job made here. */
function usePending(): { entries: readonly OutboxEntry[]; names: TractorNames; lang: LanguageCode } {
  const all = useOutboxEntries();
  const { tractors } = useTractors();
  const entries = useMemo(() => all.filter((e) => e.kind.startsWith('hire.')), [all]);
  const names = useMemo<TractorNames>(() => {
    const byVin = new Map((tractors ?? []).map((t) => [t.vin, { regNo: t.regNo, vehName: t.Veh_Name }]));
    return (vin) => byVin.get(vin);
  }, [tractors]);
  const lang = currentLanguage();
  return { entries, names, lang: isLanguageCode(lang) ? lang : 'en' };
}

/** With nothing kept and no answer (offline on a first visit), what the phone made still shows. */
const nothingYet = (error: unknown, fetching: boolean) => isOffline(error) || !fetching;

/** GET hire/customers: every customer with their balance, latest job first. */
export function useCustomers() {
  const { entries, names, lang } = usePending();
  const query = useQuery({
    queryKey: hireKeys.customers,
    queryFn: ({ signal }) => apiJson<{ data: Customer[] }>('hire/customers', { signal }).then((r) => r.data),
    staleTime: 0,
    meta: { persist: true },
  });
  const orNothing = entries.length > 0 && nothingYet(query.error, query.isFetching);
  const data = useMemo(() => {
    const list = query.data ?? (orNothing ? [] : undefined);
    return list ? overlayCustomers(list, entries, lang, names) : undefined;
  }, [query.data, orNothing, entries, lang, names]);
  return { ...query, data };
}

/** GET hire/customers/{id}: the customer's jobs, payments and totals (not asked while the customer is only on the phone). */
export function useCustomerLedger(id: string) {
  const { entries, names, lang } = usePending();
  const onPhoneOnly = madeOnPhoneOnly(entries, customerTarget(id));
  const query = useQuery({
    queryKey: hireKeys.customer(id),
    queryFn: ({ signal }) => apiJson<CustomerLedger>(`hire/customers/${encodeURIComponent(id)}`, { signal }),
    enabled: !onPhoneOnly,
    staleTime: 0,
    meta: { persist: true },
  });
  // Before the answer (or offline, never opened here before): the customer and jobs the lists kept.
  const client = useQueryClient();
  const base = useMemo<CustomerLedger | undefined>(() => {
    if (query.data) return query.data;
    const customer = client.getQueryData<Customer[]>(hireKeys.customers)?.find((c) => c.id === id);
    if (!customer) return undefined;
    const jobs = client.getQueryData<JobSummary[]>(hireKeys.jobs)?.filter((j) => j.customerId === id) ?? [];
    return { customer, jobs, payments: [], totals: { amountPaise: customer.amountPaise, paidPaise: customer.paidPaise, balancePaise: customer.balancePaise } };
  }, [query.data, client, id]);
  const data = useMemo(() => overlayLedger(base, id, entries, lang, names), [base, id, entries, lang, names]);
  return { ...query, data, isPending: onPhoneOnly ? false : query.isPending };
}

/** GET hire/jobs: the latest jobs of every customer and tractor, newest first. */
export function useJobs() {
  const { entries, names } = usePending();
  const query = useQuery({
    queryKey: hireKeys.jobs,
    queryFn: ({ signal }) => apiJson<{ data: JobSummary[] }>('hire/jobs?limit=50', { signal }).then((r) => r.data),
    staleTime: 0,
    meta: { persist: true },
  });
  const orNothing = entries.length > 0 && nothingYet(query.error, query.isFetching);
  const data = useMemo(() => {
    const list = query.data ?? (orNothing ? [] : undefined);
    return list ? overlayJobs(list, entries, names) : undefined;
  }, [query.data, orNothing, entries, names]);
  return { ...query, data };
}

/** While a job runs, its figures are measured afresh on each ask: this often. */
const RUNNING_REFRESH_MS = 60_000;

/** GET hire/jobs/{id}: one job with its boundary and worked area (measured afresh while it runs). */
export function useJob(id: string) {
  const { entries, names } = usePending();
  const onPhoneOnly = madeOnPhoneOnly(entries, jobTarget(id));
  const query = useQuery({
    queryKey: hireKeys.job(id),
    queryFn: ({ signal }) => apiJson<JobDetail>(`hire/jobs/${encodeURIComponent(id)}`, { signal }),
    enabled: !onPhoneOnly,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.running ? RUNNING_REFRESH_MS : false),
    meta: { persist: true },
  });
  const data = useMemo(() => {
    const create = onPhoneOnly ? entries.find((e) => e.target === jobTarget(id) && e.kind === 'hire.job.create') : undefined;
    const base = query.data ?? (create ? jobMadeOnPhone(create, names) : undefined);
    return overlayJob(base, create ? entries.filter((e) => e !== create) : entries);
  }, [query.data, onPhoneOnly, entries, id, names]);
  return { ...query, data, isPending: onPhoneOnly ? false : query.isPending, onPhoneOnly };
}

/** Asked again this often while a screen that shows proposals is open (the server looks at new records only). */
const PROPOSALS_REFRESH_MS = 60_000;

/** GET hire/proposals: places where a tractor works today or yesterday with no job ('whose job is this?'). */
export function useProposals(enabled = true) {
  return useQuery({
    queryKey: hireKeys.proposals,
    queryFn: ({ signal }) => apiJson<{ data: Proposal[] }>('hire/proposals', { signal }).then((r) => r.data),
    enabled,
    staleTime: 0,
    refetchInterval: PROPOSALS_REFRESH_MS,
  });
}
