import { toast as sonnerToast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { toast } from './toast';

describe('toast (sonner loaded on first use)', () => {
  it('hands back the id at once and forwards every call to sonner in order', async () => {
    const calls: string[] = [];
    vi.spyOn(sonnerToast, 'loading').mockImplementation((message, data) => {
      calls.push(`loading ${String(message)} ${String(data?.id)}`);
      return data?.id ?? 0;
    });
    vi.spyOn(sonnerToast, 'success').mockImplementation((message, data) => {
      calls.push(`success ${String(message)} ${String(data?.id)}`);
      return data?.id ?? 0;
    });
    vi.spyOn(sonnerToast, 'dismiss').mockImplementation((id) => {
      calls.push(`dismiss ${String(id)}`);
      return id ?? 0;
    });

    const id = toast.loading('Sending...');
    expect(id).toEqual(expect.any(String));
    toast.success('Sent', { id });
    const other = toast.success('Saved');
    expect(other).not.toBe(id);
    toast.dismiss(other);

    await vi.waitFor(() => expect(calls).toHaveLength(4));
    expect(calls).toEqual([
      `loading Sending... ${id}`,
      `success Sent ${id}`,
      `success Saved ${other}`,
      `dismiss ${other}`,
    ]);

    // Once sonner is here, calls go straight through.
    toast.success('Again');
    expect(calls).toHaveLength(5);
  });
});
