import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the callback when the browser reports idle time, and not once cancelled', () => {
    const pending = new Map<number, () => void>();
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBe(1000);
      pending.set(pending.size + 1, callback);
      return pending.size;
    });
    vi.stubGlobal('cancelIdleCallback', (handle: number) => pending.delete(handle));
    const first = vi.fn();
    const second = vi.fn();
    whenIdle(first);
    const cancel = whenIdle(second);
    expect(first).not.toHaveBeenCalled();
    cancel();
    for (const callback of pending.values()) callback();
    expect(first).toHaveBeenCalledOnce();
    expect(second).not.toHaveBeenCalled();
  });

  it('falls back to a short timer where there is no requestIdleCallback', () => {
    vi.useFakeTimers();
    expect('requestIdleCallback' in window).toBe(false);
    const callback = vi.fn();
    whenIdle(callback);
    vi.advanceTimersByTime(199);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(500);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
