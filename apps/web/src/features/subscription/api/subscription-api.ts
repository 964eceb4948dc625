import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderRequest, HistoryEntry, InvoiceView, OrderView, Scheme } from '@tractorlink/domain/subscription-api';
import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
import { HISTORY_LOADER_TIMEOUT_MS } from '../../../lib/loading';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Spec §7 GetScheme: the first item of the result list is used (spec §3 Scheme response). */
export const schemeQueryOptions = (vin: string) =>
  queryOptions({
    queryKey: queryKeys.scheme(vin),
    queryFn: ({ signal }) =>
      apiJson<{ result: Scheme[] }>(`subscription/Scheme/GetScheme?VIN=${encodeURIComponent(vin)}`, { signal }).then((r) => r.result[0] ?? null),
    staleTime: 60_000,
  });

/** GET vehicles (the same cache as My tractor): the renewal data copies a vehicle entry. */
export const vehicleEntriesQueryOptions = queryOptions({
  queryKey: queryKeys.vehicles,
  queryFn: ({ signal }) => apiJson<{ data: VehicleEntry[] }>('vehicles', { signal }).then((r) => r.data),
  meta: { persist: true },
});

/**
 * Places an order. `idempotencyKey` names the owner's one intent (these tractors, this pack): a
 * double tap, or the client's own resend after a lost answer, carries the same key and the server
 * makes one order and answers each with it.
 */
export function useCreateOrder() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateOrderRequest; idempotencyKey: string }) =>
      apiJson<OrderView>('subscription/orders', { method: 'POST', body, idempotencyKey }),
  });
}

/**
 * One order; asking again makes the server check a pending one with the gateway. Paid: the
 * tractors' ends moved, so the lists that show them are refetched.
 */
export function useOrder(orderId: string | undefined, options: { poll?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.order(orderId ?? ''),
    queryFn: async ({ signal }) => {
      const order = await apiJson<OrderView>(`subscription/orders/${encodeURIComponent(orderId ?? '')}`, { signal });
      if (order.status === 'paid') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.home });
        void queryClient.invalidateQueries({ queryKey: queryKeys.vehicles });
        void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptionHistoryAll });
      }
      return order;
    },
    enabled: orderId !== undefined,
    // While the payment is not confirmed, ask again every few seconds (the server reconciles).
    refetchInterval: (query) => (options.poll && query.state.data?.status === 'pending' ? 4000 : false),
  });
}

export function useSubscriptionHistory(vin: string | undefined) {
  return useQuery({
    queryKey: queryKeys.subscriptionHistory(vin ?? ''),
    queryFn: ({ signal }) =>
      apiJson<{ data: HistoryEntry[]; pending: OrderView[] }>(`subscription/history?vin=${encodeURIComponent(vin ?? '')}`, {
        signal,
        loaderTimeoutMs: HISTORY_LOADER_TIMEOUT_MS,
      }),
    enabled: vin !== undefined,
    meta: { persist: true },
  });
}

/** The invoice as issued, its amount in words in the language the screen shows (the server writes them). */
export function useInvoice(orderId: string, language: string) {
  return useQuery({
    queryKey: [...queryKeys.invoice(orderId), language],
    queryFn: ({ signal }) => apiJson<InvoiceView>(`subscription/invoices/${encodeURIComponent(orderId)}?language=${encodeURIComponent(language)}`, { signal }),
    meta: { persist: true },
    // 'Invoice is being processed' (409): ask again shortly.
    retry: false,
  });
}

/** The invoice PDF in the owner's language, saved through a temporary link. */
export async function downloadInvoicePdf(orderId: string, number: string, language: string): Promise<void> {
  const res = await apiRequest(`subscription/invoices/${encodeURIComponent(orderId)}/pdf?language=${encodeURIComponent(language)}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `invoice-${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
