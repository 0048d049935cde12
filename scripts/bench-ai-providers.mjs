// `npm run bench:ai-providers`: the figures of docs/benchmarks.md, "AI providers set up in the app".
//   - the system prompt's size with and without the user's sent texts as examples of their voice
//     (five sent texts of ~600 characters, VOICE_EXAMPLES_TOKEN_BUDGET at its default);
//   - the time to first token through our server with a provider set in Settings → Admin against
//     the provider set in the environment, both pointing at the same local streaming server.
// Runs the built server on the embedded database (builds it first when stale).
import { createServer } from 'node:http';
import { buildServerIfStale } from './build-server.mjs';
import { call, machine, pause, signIn, signUp, startServer } from './bench-server.mjs';

const runs = 15;
const preferences = {
  platform: 'linkedin',
  length: 'short',
  tone: 'casual',
  intent: 'reflect',
  sentiment: 'joy',
  structure: 'storytelling',
};
const log = (...parts) => console.log(...parts);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** An OpenAI-compatible streaming server (40 tokens 10 ms apart) that keeps the last system prompt and lists one model. */
async function startStreamingServer() {
  const chunk = (delta, finish = null) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const state = { lastSystem: '' };
  const server = createServer(async (request, response) => {
    let raw = '';
    for await (const piece of request) raw += piece;
    if (request.url.endsWith('/models')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: [{ id: 'bench-ui', object: 'model' }] }));
      return;
    }
    const body = JSON.parse(raw);
    state.lastSystem = body.messages.find((message) => message.role === 'system')?.content ?? '';
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write(chunk({ role: 'assistant', content: '' }));
    for (let index = 0; index < 40; index += 1) {
      response.write(chunk({ content: `token${index} ` }));
      await pause(10);
    }
    response.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    state,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function timeToFirstToken(url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`no token: ${response.status} ${seen.slice(0, 200)}`);
    seen += decoder.decode(value, { stream: true });
    if (/token0/.test(seen)) {
      const elapsed = performance.now() - started;
      await reader.cancel();
      return elapsed;
    }
  }
}

await buildServerIfStale();
log(`Machine: ${JSON.stringify(machine())}`);
const streaming = await startStreamingServer();
const server = await startServer({ OPENAI_BASE_URL: streaming.url, OPENAI_API_KEY: 'bench-key' });
const { baseUrl } = server;
try {
  await signUp(baseUrl, 'admin@example.com');
  const cookie = await signIn(baseUrl, 'admin@example.com');
  const generate = (ideaId) =>
    timeToFirstToken(`${baseUrl}/api/generate/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
      body: JSON.stringify({ ideaIds: [ideaId], preferences }),
    });
  const idea = (await call(baseUrl, cookie, 'POST', '/api/ideas', { content: 'We planted tomatoes on the balcony.' }))
    .json;
  const settings = (await call(baseUrl, cookie, 'GET', '/api/ai-settings')).json;
  const choose = (model) =>
    call(baseUrl, cookie, 'PUT', '/api/ai-settings', { ...settings, removedModel: undefined, model });

  // The prompt without examples, then with five sent texts.
  await generate(idea.id);
  const withoutExamples = streaming.state.lastSystem.length;
  const contact = (await call(baseUrl, cookie, 'POST', '/api/contacts', { name: 'Mum', email: 'mum@example.com' }))
    .json;
  for (let index = 0; index < 5; index += 1) {
    const sent = (await call(baseUrl, cookie, 'POST', '/api/ideas', { content: `Event ${index} worth telling.` })).json;
    await call(baseUrl, cookie, 'POST', '/api/shares/send', {
      ideaIds: [sent.id],
      text: `Update ${index}: ${'We had a long, happy week and I wrote it all down for you. '.repeat(10)}`,
      preferences,
      destinations: { contactIds: [contact.id] },
    });
  }
  await generate(idea.id);
  const withExamples = streaming.state.lastSystem.length;

  // Learning off, for the time to first token: the same prompt on both providers.
  await call(baseUrl, cookie, 'PUT', '/api/voice-learning', { isOn: false });
  const provider = (
    await call(baseUrl, cookie, 'POST', '/api/admin/ai-providers', {
      kind: 'openai-compatible',
      name: 'Bench',
      baseUrl: streaming.url,
    })
  ).json.provider;
  await call(baseUrl, cookie, 'PATCH', `/api/admin/ai-providers/${provider.id}`, { enabledModels: ['bench-ui'] });
  const uiModel = (await call(baseUrl, cookie, 'GET', '/api/ai/models')).json.models.find(
    (model) => model.label === 'Bench: bench-ui',
  ).id;

  const environment = [];
  const app = [];
  // One unmeasured generation each loads the provider SDK, as a first generation does; then the two
  // alternate, so a busy moment of the machine falls on both alike.
  for (const model of ['openai', uiModel]) {
    await choose(model);
    await generate(idea.id);
  }
  for (let index = 0; index < runs; index += 1) {
    await choose('openai');
    environment.push(await generate(idea.id));
    await choose(uiModel);
    app.push(await generate(idea.id));
  }

  log('System prompt (characters; tokens estimated at 4 characters each)');
  console.table([
    { prompt: 'without voice examples', characters: withoutExamples, tokens: Math.ceil(withoutExamples / 4) },
    { prompt: 'with 5 sent texts', characters: withExamples, tokens: Math.ceil(withExamples / 4) },
  ]);
  log(`Time to first token through our server, median of ${runs}`);
  console.table([
    { provider: 'set in the environment (OPENAI_BASE_URL)', medianMs: +median(environment).toFixed(1) },
    { provider: 'set in Settings → Admin', medianMs: +median(app).toFixed(1) },
  ]);
} finally {
  await server.stop();
  await streaming.close();
}
