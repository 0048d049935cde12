import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { VoiceRecorder } from './voice-recorder';

/** A stand-in for the browser's MediaRecorder: jsdom has none. */
class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type.startsWith('audio/webm');
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  timeslices: (number | undefined)[] = [];
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options?: { mimeType?: string },
  ) {
    FakeMediaRecorder.instances.push(this);
  }
  get mimeType() {
    return this.options?.mimeType ?? '';
  }
  start(timeslice?: number) {
    this.timeslices.push(timeslice);
    this.state = 'recording';
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['voice'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const stopTrack = vi.fn();
const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] }));

beforeEach(() => {
  vi.useFakeTimers();
  FakeMediaRecorder.instances = [];
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('VoiceRecorder', () => {
  it('collects data every second, stops at 120 s, rises to 95 %, then 100 % and closes 500 ms later', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchSpy = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchSpy);
    const onTranscribed = vi.fn();
    const onClose = vi.fn();
    render(<VoiceRecorder onTranscribed={onTranscribed} onClose={onClose} />);
    await advance(0);

    expect(screen.getByRole('heading', { name: 'Recording in progress...' })).toBeInTheDocument();
    const [recorder] = FakeMediaRecorder.instances;
    expect(recorder?.timeslices).toEqual([1000]);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00 / 02:00');

    // Paused time does not count.
    await advance(10_000);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Pause' })));
    await advance(30_000);
    expect(screen.getByRole('timer')).toHaveTextContent('00:10 / 02:00');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Resume' })));

    await advance(109_000);
    expect(screen.getByRole('timer')).toHaveTextContent('01:59 / 02:00');
    expect(fetchSpy).not.toHaveBeenCalled();

    await advance(1_000);
    expect(recorder?.state).toBe('inactive');
    expect(stopTrack).toHaveBeenCalled();
    expect(screen.getByText('Converting speech to text...')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/transcription');
    const file = (init.body as FormData).get('file') as File;
    expect(file.name).toBe('recording.webm');
    expect(file.type).toBe('audio/webm;codecs=opus');

    await advance(30_000);
    const bar = screen.getByRole('progressbar', { name: 'Transcription progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '95');

    answer(new Response(JSON.stringify({ text: 'Hello from the river' }), { status: 200 }));
    await advance(0);
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    await advance(499);
    expect(onTranscribed).not.toHaveBeenCalled();
    await advance(1);
    expect(onTranscribed).toHaveBeenCalledWith('Hello from the river');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the microphone error and closes when access is refused', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    const toastError = vi.spyOn(toast, 'error');
    const onClose = vi.fn();
    render(<VoiceRecorder onTranscribed={vi.fn()} onClose={onClose} />);
    await advance(0);
    expect(toastError).toHaveBeenCalledWith('Error: Could not access microphone. Permission denied');
    expect(onClose).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
  });

  it("shows the server's message when transcription fails and gives up", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'NO_SPEECH', message: 'No speech detected. Please try again.' }), {
            status: 422,
          }),
      ),
    );
    const toastError = vi.spyOn(toast, 'error');
    const onTranscribed = vi.fn();
    const onClose = vi.fn();
    render(<VoiceRecorder onTranscribed={onTranscribed} onClose={onClose} />);
    await advance(0);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Stop' })));
    await advance(0);
    expect(toastError).toHaveBeenCalledWith('No speech detected. Please try again.');
    expect(onClose).toHaveBeenCalled();
    expect(onTranscribed).not.toHaveBeenCalled();
  });
});
