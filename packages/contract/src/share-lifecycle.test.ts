import { describe, expect, it } from 'vitest';
import { canChangeShareStatus, shareStatusChanges, shareStatusesBefore } from './share-lifecycle.ts';
import { shareStatuses, type ShareStatus } from './share-options.ts';

/** Every status a share can reach from `start` by allowed changes. */
function reachableFrom(start: ShareStatus): Set<ShareStatus> {
  const seen = new Set<ShareStatus>([start]);
  const queue: ShareStatus[] = [start];
  for (let status = queue.shift(); status; status = queue.shift()) {
    for (const next of shareStatusChanges[status]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('share lifecycle', () => {
  it('has an entry for every share status, naming only share statuses', () => {
    expect(Object.keys(shareStatusChanges).sort()).toEqual([...shareStatuses].sort());
    for (const targets of Object.values(shareStatusChanges)) {
      for (const target of targets) expect(shareStatuses).toContain(target);
    }
  });

  it('takes a written share to every status, and nothing back to pending', () => {
    expect([...reachableFrom('generated')].sort()).toEqual(
      ['generated', 'saved_for_later', 'approved', 'scheduled', 'sending', 'sent', 'failed'].sort(),
    );
    expect(shareStatusesBefore('pending')).toEqual([]);
  });

  it('ends at sent: a sent share never changes again', () => {
    expect(shareStatusChanges.sent).toEqual([]);
    expect([...reachableFrom('sent')]).toEqual(['sent']);
  });

  it.each([
    ['approved', 'scheduled'],
    ['approved', 'sending'],
    ['generated', 'approved'],
    ['saved_for_later', 'approved'],
    ['scheduled', 'approved'],
    ['scheduled', 'sending'],
    ['sending', 'sent'],
    ['sending', 'failed'],
    ['failed', 'sending'],
  ] as const)('allows %s → %s', (from, to) => {
    expect(canChangeShareStatus(from, to)).toBe(true);
    expect(shareStatusesBefore(to)).toContain(from);
  });

  it.each([
    ['sent', 'approved'],
    ['sent', 'sending'],
    ['sent', 'failed'],
    ['scheduled', 'scheduled'],
    ['scheduled', 'generated'],
    ['scheduled', 'failed'],
    ['sending', 'approved'],
    ['sending', 'scheduled'],
    ['failed', 'approved'],
    ['approved', 'sent'],
    ['generated', 'failed'],
    ['approved', 'pending'],
  ] as const)('refuses %s → %s', (from, to) => {
    expect(canChangeShareStatus(from, to)).toBe(false);
    expect(shareStatusesBefore(to)).not.toContain(from);
  });

  it('lets a share become failed or sent only while it is going out', () => {
    expect(shareStatusesBefore('failed')).toEqual(['sending']);
    expect(shareStatusesBefore('sent').sort()).toEqual(['failed', 'sending']);
  });
});
