import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillLink,
  CreateBillLinkRequest,
  CreatedBillLink,
  CreatedLiveLink,
  CreateLiveLinkRequest,
  JobDetail,
  LiveLink,
  Proposal,
} from '@tractorlink/domain/hire-api';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { hireKeys } from './keys';

/**
 * Links and proposals: these need the server's answer there and then (a link's token is shown only
 * once; a proposal exists only while the server lists it), so they are sent at once, not kept offline.
 */

/** GET hire/bill-links?customerId=: the customer's bill links, newest first (no tokens). */
export function useBillLinks(customerId: string, enabled = true) {
  return useQuery({
    queryKey: hireKeys.billLinks(customerId),
    queryFn: ({ signal }) => apiJson<{ data: BillLink[] }>(`hire/bill-links?customerId=${encodeURIComponent(customerId)}`, { signal }).then((r) => r.data),
    enabled,
    staleTime: 0,
  });
}

/** POST hire/bill-links: a new read-only link to the customer's bill (or one job's). */
export function useCreateBillLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBillLinkRequest) => apiJson<CreatedBillLink>('hire/bill-links', { method: 'POST', body }),
    onSuccess: (link) => void client.invalidateQueries({ queryKey: hireKeys.billLinks(link.customerId) }),
  });
}

/** DELETE hire/bill-links/{id}: the link stops working at once. */
export function useRevokeBillLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (link: Pick<BillLink, 'id' | 'customerId'>) =>
      apiRequest(`hire/bill-links/${encodeURIComponent(link.id)}`, { method: 'DELETE' }).then(() => link),
    onSuccess: (link) => void client.invalidateQueries({ queryKey: hireKeys.billLinks(link.customerId) }),
  });
}

/** GET live-links: the owner's live-location links (active, and those ended in the last 7 days). */
export function useLiveLinks(enabled = true) {
  return useQuery({
    queryKey: hireKeys.liveLinks,
    queryFn: ({ signal }) => apiJson<{ data: LiveLink[] }>('live-links', { signal }).then((r) => r.data),
    enabled,
    staleTime: 0,
  });
}

/** POST live-links: one tractor's live position for anyone with the link, for 1 h, 1 day or 1 week. */
export function useCreateLiveLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLiveLinkRequest) => apiJson<CreatedLiveLink>('live-links', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: hireKeys.liveLinks }),
  });
}

/** DELETE live-links/{id}. */
export function useRevokeLiveLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`live-links/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: hireKeys.liveLinks }),
  });
}

/** The job id a proposal is accepted with, the same on a second tap (a lost answer is then answered, not refused). */
const acceptedAs = new Map<string, string>();
const jobIdFor = (proposalId: string): string => {
  const id = acceptedAs.get(proposalId) ?? crypto.randomUUID();
  acceptedAs.set(proposalId, id);
  return id;
};

/** POST hire/proposals/{id}/accept: one tap makes the job (rate and implement from the customer's last job). */
export function useAcceptProposal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ proposal, customerId }: { proposal: Proposal; customerId: string }) =>
      apiJson<JobDetail>(`hire/proposals/${encodeURIComponent(proposal.id)}/accept`, { method: 'POST', body: { jobId: jobIdFor(proposal.id), customerId } }),
    onSuccess: (job) => {
      client.setQueryData(hireKeys.job(job.id), job);
      void client.invalidateQueries({ queryKey: hireKeys.all });
    },
  });
}

/** POST hire/proposals/{id}/dismiss: not a hire (the owner's own field); it does not come back. */
export function useDismissProposal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (proposal: Proposal) => apiRequest(`hire/proposals/${encodeURIComponent(proposal.id)}/dismiss`, { method: 'POST' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: hireKeys.proposals }),
  });
}
