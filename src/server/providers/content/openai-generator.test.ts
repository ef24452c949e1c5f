import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageContext } from '../../features/seo/generation/seo-context';
import { createContentGenerator } from './content-generator';

// A local stand-in for an OpenAI-compatible endpoint: it answers what the current test asks for.
let reply: (req: IncomingMessage, body: string) => { status: number; body: unknown; delayMs?: number };
// biome-ignore lint/suspicious/noExplicitAny: request bodies are read as loose JSON in assertions
const requests: Array<{ path: string; auth: string | undefined; body: any }> = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(data || '{}') });
      const r = reply(req, data);
      setTimeout(() => {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
      }, r.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ctx = pageContext({
  slug: 'car-detailing-tampa-fl',
  keyword: 'car detailing',
  city: 'Tampa',
  state: 'FL',
  vehicleMake: null,
  vehicleModel: null,
  business: null,
});
const modelAnswer = (content: unknown) => ({
  choices: [
    {
      message: {
        role: 'assistant',
        content: typeof content === 'string' ? content : JSON.stringify(content),
      },
    },
  ],
});
const goodAnswer = {
  metaDescription: 'Tampa car detailing at your door, written by the model for this test page.',
  sections: [
    { heading: 'Tampa shine, delivered', paragraphs: ['Our model-written intro about Tampa.'] },
    {
      heading: 'Beat the <b>humidity</b>',
      paragraphs: ['Salt air <script>alert(1)</script>is tough on paint.'],
    },
  ],
  faq: [
    { question: 'Do you come to Tampa offices?', answer: 'Yes, anywhere in Tampa.' },
    { question: 'Is it safe for ceramic coatings?', answer: 'Yes.' },
  ],
};

describe('the OpenAI-compatible content adapter', () => {
  it('asks the model with the key and model name, and builds sanitised HTML from its plain-text answer', async () => {
    reply = () => ({ status: 200, body: modelAnswer(goodAnswer) });
    const generator = createContentGenerator({
      llmBaseUrl: baseUrl,
      llmApiKey: 'sk-test',
      llmModel: 'test-model',
    });
    expect(generator.name).toBe('openai-compatible');
    const out = await generator.generate(ctx);
    const sent = requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.auth).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('test-model');
    expect(JSON.stringify(sent.body.messages)).toContain('Tampa');

    expect(out.html).toContain('<h2>Tampa shine, delivered</h2>');
    expect(out.html).toContain('Our model-written intro about Tampa.');
    // The model's markup is text, never HTML; its script never survives.
    expect(out.html).toContain('<h2>Beat the humidity</h2>');
    expect(out.html).not.toMatch(/<script|alert\(1\)/);
    // Prices and zip codes come from our data, not from the model.
    expect(out.html).toContain('$45.00');
    expect(out.html).toContain('Areas we serve around Tampa');
    expect(out.metaDescription).toBe(goodAnswer.metaDescription);
    expect(out.faq).toEqual(goodAnswer.faq);
  });

  it.each([
    ['an error status', () => ({ status: 500, body: { error: { message: 'overloaded' } } })],
    [
      'an answer that is not JSON',
      () => ({ status: 200, body: modelAnswer('Sure! Here is your page: ...') }),
    ],
    ['an answer of the wrong shape', () => ({ status: 200, body: modelAnswer({ sections: [] }) })],
    ['a malformed body', () => ({ status: 200, body: 'not json at all' })],
    ['a timeout', () => ({ status: 200, body: modelAnswer(goodAnswer), delayMs: 500 })],
  ])('falls back to the templates on %s', async (_label, answer) => {
    reply = answer;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const generator = createContentGenerator({
      llmBaseUrl: baseUrl,
      llmApiKey: 'sk-test',
      llmTimeoutMs: 200,
    });
    const out = await generator.generate(ctx);
    expect(out.html).not.toContain('model-written');
    expect(out.html).toContain('Tampa');
    expect(out.faq).toHaveLength(4);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('using templates'));
  });

  it('is not used unless both LLM_BASE_URL and LLM_API_KEY are set', () => {
    expect(createContentGenerator({ llmBaseUrl: baseUrl }).name).toBe('templates');
    expect(createContentGenerator({ llmApiKey: 'sk' }).name).toBe('templates');
  });
});
