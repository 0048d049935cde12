import { defaultPreferences } from '@life-updates/contract/preferences';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { renderRoutes, stubApi } from '@/test/render-app';
import { GenerationWorkspace } from './generation-workspace';

const models = {
  models: [
    {
      id: 'offline',
      label: 'Built-in offline composer (not an AI model)',
      isAiModel: false,
      description: 'Not an AI model.',
    },
    { id: 'openai', label: 'OpenAI (local-llm)', isAiModel: true },
  ],
  defaultModel: 'openai',
};

/** A streamed answer whose pieces the test releases one by one; it records the abort. */
function controllableStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  const encoder = new TextEncoder();
  return {
    body,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    /** What a real fetch does to the body when its request is aborted. */
    abort: () => controller.error(new DOMException('The operation was aborted.', 'AbortError')),
  };
}

function stubFetch(handleGenerate: (init: RequestInit) => Promise<Response>) {
  return stubApi((url, init) => {
    if (url === '/api/ai/models') return Response.json(models);
    if (url === '/api/generate/stream') return handleGenerate(init);
    return undefined;
  });
}

function renderWorkspace(initialText = '') {
  renderRoutes(
    [
      {
        path: '/create',
        element: (
          <GenerationWorkspace
            ideaIds={['3f1c7a52-4a57-4bb8-9b53-1f2a6a1f0e11']}
            initialText={initialText}
            initialPreferences={defaultPreferences}
            generateLabel="Generate Content"
          />
        ),
      },
    ],
    '/create',
  );
}

const textArea = () => screen.getByRole('textbox', { name: 'Generated Text' });

afterEach(() => vi.unstubAllGlobals());

describe('GenerationWorkspace', () => {
  it('shows a spinner before the first words, streams them in, then lets the user edit', async () => {
    const stream = controllableStream();
    let release!: () => void;
    const headersSent = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = stubFetch(async () => {
      await headersSent;
      return new Response(stream.body, { headers: { 'x-generation-model': 'openai' } });
    });
    renderWorkspace();
    expect(textArea()).toHaveAttribute('placeholder', 'Content will appear here');
    await userEvent.click(screen.getByRole('radio', { name: 'Telegram' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate Content' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Generating...');
    expect(textArea()).toHaveAttribute('readonly');

    release();
    stream.push('Hello ');
    await waitFor(() => expect(textArea()).toHaveValue('Hello '));
    expect(screen.queryByRole('status')).toBeNull();
    stream.push('world.');
    await waitFor(() => expect(textArea()).toHaveValue('Hello world.'));
    stream.end();

    expect(await screen.findByText('Text generated!')).toBeInTheDocument();
    expect(screen.getByText('Written by OpenAI (local-llm)')).toBeInTheDocument();
    expect(textArea()).not.toHaveAttribute('readonly');
    await userEvent.type(textArea(), ' Edited.');
    expect(textArea()).toHaveValue('Hello world. Edited.');

    const request = calls.find((call) => call.url === '/api/generate/stream')!;
    expect(request.body).toMatchObject({
      ideaIds: ['3f1c7a52-4a57-4bb8-9b53-1f2a6a1f0e11'],
      preferences: { platform: 'telegram', length: 'medium' },
    });
  });

  it('Stop aborts the request and keeps the words that arrived', async () => {
    const stream = controllableStream();
    let signal: AbortSignal | undefined;
    stubFetch(async (init) => {
      signal = init.signal ?? undefined;
      signal?.addEventListener('abort', stream.abort);
      return new Response(stream.body, { headers: { 'x-generation-model': 'offline' } });
    });
    renderWorkspace();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Content' }));
    stream.push('Partial text');
    await waitFor(() => expect(textArea()).toHaveValue('Partial text'));
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(signal?.aborted).toBe(true);
    expect(await screen.findByText('Generation stopped.')).toBeInTheDocument();
    expect(textArea()).toHaveValue('Partial text');
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    // The offline composer is labelled as not an AI model.
    expect(screen.getByText('Written by Built-in offline composer (not an AI model)')).toBeInTheDocument();
  });

  it('a failure shows the spec toast and gives back the text from before', async () => {
    stubFetch(async () =>
      Response.json(
        { code: 'GENERATION_FAILED', message: 'Failed to generate summary. Please try again.' },
        { status: 502 },
      ),
    );
    renderWorkspace('My earlier text');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Content' }));
    expect(await screen.findByText('Failed to generate summary. Please try again.')).toBeInTheDocument();
    expect(textArea()).toHaveValue('My earlier text');
  });

  it('refuses to save an empty text or open the picker without text', async () => {
    const calls = stubFetch(async () => new Response('x'));
    renderWorkspace();
    await userEvent.click(screen.getByRole('button', { name: 'Save for later' }));
    expect(await screen.findByText('No text to save.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Email to Contacts' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/api/shares'))).toBe(false);
  });
});
