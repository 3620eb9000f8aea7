import type {
  OrderCreated,
  PageResponse,
  PremiumBenefitItem,
  PremiumOrderCreate,
  PremiumPlan,
  PremiumStatus,
  TrialClaimPageRequest,
  TrialClaimRow,
} from '@coldchain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';

const PREMIUM = '/base/BasePremiumMembership';

export const premiumKeys = {
  all: ['premium'] as const,
  plans: ['premium', 'plans'] as const,
  status: ['premium', 'status'] as const,
  benefits: ['premium', 'benefits'] as const,
  order: (orderId: string) => ['premium', 'order', orderId] as const,
};

/** Premium plans on sale to the caller's platform (BasePremiumMembership/list). */
export function usePremiumPlans() {
  return useQuery({
    queryKey: premiumKeys.plans,
    queryFn: ({ signal }) => http.get<PremiumPlan[]>(`${PREMIUM}/list`, { signal }),
  });
}

/** The caller's membership: state 1 with the days left (selectPresentation). */
export function usePremiumStatus() {
  return useQuery({
    queryKey: premiumKeys.status,
    queryFn: ({ signal }) => http.get<PremiumStatus>(`${PREMIUM}/selectPresentation`, { signal }),
  });
}

/** What premium gives (presentationService). */
export function usePremiumBenefits() {
  return useQuery({
    queryKey: premiumKeys.benefits,
    queryFn: ({ signal }) => http.get<PremiumBenefitItem[]>(`${PREMIUM}/presentationService`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Creates a premium order; its QR (or card) is paid like any other order. */
export function useCreatePremiumOrder() {
  return useMutation({
    mutationFn: (body: PremiumOrderCreate) =>
      http.post<OrderCreated>('/payment/PayOrder/createPremiumMemberOrder', body),
  });
}

/** Polls an order every 3 s until it is paid (001 §4, §9), then refreshes the membership and the header. */
export function usePremiumOrderStatus(orderId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: premiumKeys.order(orderId ?? ''),
    enabled: orderId !== null,
    queryFn: async ({ signal }) => {
      const state = await http.get<{ payStatus: number }>('/payment/PayOrder/get', {
        params: { pk: orderId },
        signal,
        quiet: true,
      });
      if (state.payStatus === 2) {
        await queryClient.invalidateQueries({ queryKey: premiumKeys.status });
        await queryClient.invalidateQueries({ queryKey: ['account'] });
      }
      return state;
    },
    refetchInterval: (query) => (query.state.data?.payStatus === 2 ? false : 3000),
  });
}

/** The back office's list of trial claims (BaseServiceInfo/trialList; /experience/data). */
export function trialClaimPage(request: TrialClaimPageRequest, signal: AbortSignal) {
  return http.post<PageResponse<TrialClaimRow>>('/base/BaseServiceInfo/trialList', request, { signal });
}
