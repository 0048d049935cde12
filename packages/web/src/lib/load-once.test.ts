import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('shares one promise while the load is pending and after it succeeds', async () => {
    const load = vi.fn(() => Promise.resolve(42));
    const get = loadOnce(load);
    const first = get();
    expect(get()).toBe(first);
    await expect(first).resolves.toBe(42);
    await expect(get()).resolves.toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('loaded');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('loaded');
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
