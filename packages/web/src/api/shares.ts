import { reloadableShareStatuses, everyoneTextKey } from '@life-updates/contract/share-options';
import type {
  ApproveShareTextRequest,
  SaveShareTextRequest,
  SendResult,
  SendShareRequest,
  SendShareTextRequest,
  Share,
  ShareDeliveriesResponse,
} from '@life-updates/contract/shares';
import type { GenerateShareRequest, ShareReviewResponse, ShareWithContacts } from '@life-updates/contract/shares';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/query-client';
import { ideaKeys } from './ideas';

/** Every cached share query starts with `all`, so one invalidation refreshes them all. */
export const shareKeys = {
  all: ['shares'] as const,
  list: (status: string) => [...shareKeys.all, 'list', status] as const,
  /** The review queue (Summeris: pending, scheduled, sent and failed shares with their destinations). */
  review: () => [...shareKeys.all, 'review'] as const,
  forIdea: (ideaId: string) => [...shareKeys.all, 'for-idea', ideaId] as const,
  deliveries: (shareId: string) => [...shareKeys.all, 'deliveries', shareId] as const,
};

const sharePath = (shareId: string) => `/api/shares/${encodeURIComponent(shareId)}`;

/** The user's shares in the given statuses (comma-separated), newest first. */
const getShares = (status: string) =>
  api<{ shares: Share[] }>('/api/shares', { query: { status } }).then((body) => body.shares);

/** The shares saved for later: the Generate screen loads its text from these. */
export const useSavedShares = () =>
  useQuery({ queryKey: shareKeys.list('saved_for_later'), queryFn: () => getShares('saved_for_later'), staleTime: 0 });

const generatedTime = (share: Share) => (share.generatedAt ? Date.parse(share.generatedAt) : -Infinity);

/**
 * The saved text of each idea, for the Ready and Sent cards, which show it instead of the raw
 * content: the share chosen for an idea is the one Create Content reloads, the most recently
 * generated share in saved_for_later, approved or sent that contains it.
 */
function shareTextsByIdea(shares: readonly Share[]): Map<string, string> {
  const newestFirst = [...shares].sort(
    (a, b) => generatedTime(b) - generatedTime(a) || Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
  const byIdea = new Map<string, string>();
  for (const share of newestFirst) {
    const text = share.texts[everyoneTextKey] ?? Object.values(share.texts)[0];
    if (!text?.trim()) continue;
    for (const ideaId of share.ideaIds) if (!byIdea.has(ideaId)) byIdea.set(ideaId, text);
  }
  return byIdea;
}

/** One call for all ideas instead of one per card. */
export const ideaShareTextsQueryOptions = () => {
  const status = reloadableShareStatuses.join(',');
  return queryOptions({
    queryKey: shareKeys.list(status),
    queryFn: () => getShares(status),
    select: shareTextsByIdea,
  });
};
export const useIdeaShareTexts = () => useQuery(ideaShareTextsQueryOptions());

/** The newest saved, approved or sent share containing the idea, whose text Create Content opens with. */
export const useShareForIdea = (ideaId: string) =>
  useQuery({
    queryKey: shareKeys.forIdea(ideaId),
    queryFn: () =>
      api<{ share: Share | null }>(`/api/shares/for-idea/${encodeURIComponent(ideaId)}`).then((body) => body.share),
    staleTime: 0,
  });

/** The status of each destination of a share. */
const getShareDeliveries = (shareId: string) => api<ShareDeliveriesResponse>(`${sharePath(shareId)}/deliveries`);

/**
 * After a send: asks for the deliveries every second until every destination has it or failed, or
 * two minutes have passed (they then keep going in the background; Summeris → Sent shows their
 * progress). Each answer also updates the share's cached deliveries.
 */
export async function waitForDeliveries(client: QueryClient, shareId: string, initial: ShareDeliveriesResponse) {
  let current = initial;
  const startedAt = Date.now();
  while (!current.isDone && Date.now() - startedAt < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    current = await getShareDeliveries(shareId);
    client.setQueryData(shareKeys.deliveries(shareId), current);
  }
  return current;
}

/** Polled every second while any destination is queued or sending. */
export const useShareDeliveries = (shareId: string) =>
  useQuery({
    queryKey: shareKeys.deliveries(shareId),
    queryFn: () => getShareDeliveries(shareId),
    refetchInterval: (query) => (query.state.data && query.state.data.isDone ? false : 1000),
  });

/** Stores the preferences, marks the ideas saved_for_later, keeps the text. */
const saveForLater = (request: SaveShareTextRequest) =>
  api<{ share: Share }>('/api/shares/save-for-later', { method: 'POST', body: request }).then((body) => body.share);
// Saving and approving move the ideas between My Stories' tabs too.
export const useSaveForLater = () => useRefreshingMutation([shareKeys.all, ideaKeys.all], saveForLater);

/**
 * Stores the preferences, approves the ideas and every share containing them, with the contacts
 * chosen to receive it.
 */
const approveIdeas = (request: ApproveShareTextRequest) =>
  api<{ share: Share }>('/api/shares/approve', { method: 'POST', body: request }).then((body) => body.share);
export const useApproveIdeas = () => useRefreshingMutation([shareKeys.all, ideaKeys.all], approveIdeas);

/**
 * Create Content / Generate: keeps the text in the ideas' share and sends it to the chosen
 * destinations (contacts by email, Telegram chats, LinkedIn), now or at `sendAt`, all or nothing (a
 * refused send changes no idea and no share).
 */
export const sendShareText = (request: SendShareTextRequest) =>
  api<SendResult>('/api/shares/send', { method: 'POST', body: request });

/**
 * Summeris → Approve: the share goes out with its texts, to its contacts or to the destinations just
 * chosen, now or at `sendAt`. Contacts left out keep their texts pending.
 */
const sendShare = ({ shareId, ...request }: SendShareRequest & { shareId: string }) =>
  api<SendResult>(`${sharePath(shareId)}/send`, { method: 'POST', body: request });
export const useSendShare = () => useRefreshingMutation([shareKeys.all], sendShare);

/** Summeris → Scheduled → Cancel schedule: the share goes back to Pending, its deliveries removed. */
export const useUnscheduleShare = () =>
  useRefreshingMutation([shareKeys.all], (shareId: string) =>
    api<{ share: Share }>(`${sharePath(shareId)}/unschedule`, { method: 'POST' }).then((body) => body.share),
  );

/** Summeris → Retry failed: every failed destination whose error was temporary is queued again. */
export const useRetryFailedDeliveries = () =>
  useRefreshingMutation([shareKeys.all], (shareId: string) =>
    api<{ requeued: number; deliveries: ShareDeliveriesResponse }>(`${sharePath(shareId)}/retry-failed`, {
      method: 'POST',
    }),
  );

/**
 * How soon the review changes by itself: every two seconds while a sent share has a destination
 * queued or sending; at the next scheduled share's time (asked again at least each minute); never
 * when nothing is going out.
 */
function nextReviewRefresh(review: ShareReviewResponse, now: number): number | false {
  const isInFlight = review.sent.some((share) =>
    share.deliveries.some((delivery) => delivery.status === 'queued' || delivery.status === 'sending'),
  );
  if (isInFlight) return 2000;
  const times = review.scheduled.flatMap((share) => (share.sendAt ? [Date.parse(share.sendAt) - now] : []));
  if (times.length === 0) return false;
  return Math.min(Math.max(Math.min(...times), 2000), 60_000);
}

/** Summeris: the pending, scheduled, sent and failed shares, kept current while any is going out. */
export const useShareReview = () =>
  useQuery({
    queryKey: shareKeys.review(),
    queryFn: () => api<ShareReviewResponse>('/api/shares/review'),
    refetchInterval: (query) => (query.state.data ? nextReviewRefresh(query.state.data, Date.now()) : false),
  });

export const useCancelShare = () =>
  useRefreshingMutation([shareKeys.all], (shareId: string) =>
    api<{ success: true }>(sharePath(shareId), { method: 'DELETE' }),
  );

export const useUpdateShareText = () =>
  useRefreshingMutation(
    [shareKeys.all],
    ({ shareId, contactId, text }: { shareId: string; contactId: string; text: string }) =>
      api<{ share: ShareWithContacts }>(`${sharePath(shareId)}/texts/${encodeURIComponent(contactId)}`, {
        method: 'PUT',
        body: { text },
      }),
  );

/** One summary per contact from a template, put in Summeris Pending. */
export const useGenerateShare = () =>
  useRefreshingMutation([shareKeys.all], (request: GenerateShareRequest) =>
    api<{ share: Share }>('/api/shares/generate', { method: 'POST', body: request }),
  );
