import { reloadableShareStatuses, singleTextKey } from '@life-updates/contract/share-options';
import type { Share } from '@life-updates/contract/shares';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The saved text of each idea, for the Ready and Sent cards, which show it instead of the raw
 * content. One call for all ideas instead of one per card; the share chosen for an idea is the one
 * Create Content reloads: the most recently generated share in saved_for_later, approved or sent
 * that contains it.
 */
export const getShares = () =>
  api<{ shares: Share[] }>('/api/shares', { query: { status: reloadableShareStatuses.join(',') } });

const generatedTime = (share: Share) => (share.generatedAt ? Date.parse(share.generatedAt) : -Infinity);

export function summariesByIdea(shares: readonly Share[]): Map<string, string> {
  const newestFirst = [...shares].sort(
    (a, b) => generatedTime(b) - generatedTime(a) || Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
  const byIdea = new Map<string, string>();
  for (const share of newestFirst) {
    const text = share.texts[singleTextKey] ?? Object.values(share.texts)[0];
    if (!text?.trim()) continue;
    for (const eventId of share.ideaIds) if (!byIdea.has(eventId)) byIdea.set(eventId, text);
  }
  return byIdea;
}

export const ideaSummariesQueryOptions = () =>
  queryOptions({
    queryKey: ['shares', 'reloadable'],
    queryFn: getShares,
    select: (data) => summariesByIdea(data.shares),
  });
export const useIdeaSummaries = () => useQuery(ideaSummariesQueryOptions());
