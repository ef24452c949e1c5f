import { z } from 'zod';
import { escapeHtml } from '../../../shared/html';
import { requestIdHeaders } from '../../observability/request-context';
import type { ContentGenerator, GeneratedContent, PageContext } from './content-generator';
import { toPlainText } from './sanitize';
import { generateFromTemplates } from './template-generator';

// An OpenAI-compatible chat-completions endpoint writes the copy. The model returns plain text fields in JSON,
// never HTML: we build the markup ourselves, add the facts we own (prices, zip codes) from our data, and
// sanitise the result. Any failure (network, status, timeout, malformed answer) falls back to the templates.

const answerSchema = z.object({
  title: z.string().max(200).optional(),
  metaDescription: z.string().min(20).max(320),
  sections: z
    .array(
      z.object({
        heading: z.string().min(1).max(140),
        paragraphs: z.array(z.string().min(1).max(2000)).min(1).max(6),
      }),
    )
    .min(2)
    .max(8),
  faq: z
    .array(z.object({ question: z.string().min(3).max(240), answer: z.string().min(1).max(1200) }))
    .min(2)
    .max(8),
});

export interface OpenAiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

function prompt(ctx: PageContext) {
  const facts = {
    keyword: ctx.keyword,
    city: ctx.city,
    state: ctx.stateName,
    vehicle: ctx.vehicle ? `${ctx.vehicle.make} ${ctx.vehicle.model}` : null,
    business: ctx.business
      ? {
          name: ctx.business.name,
          tagline: ctx.business.tagline,
          description: ctx.business.description,
          yearsInBusiness: ctx.business.yearsInBusiness,
          specialties: ctx.business.specialties,
          services: ctx.business.services.map((s) => s.name),
        }
      : { name: 'ShineRoute', about: 'a marketplace of vetted mobile car detailers' },
    nearbyTowns: ctx.area.towns,
  };
  return [
    {
      role: 'system',
      content:
        'You write local landing-page copy for a mobile car-detailing service. Answer with one JSON object only: ' +
        '{"metaDescription": string (max 155 characters), "sections": [{"heading": string, "paragraphs": string[]}], ' +
        '"faq": [{"question": string, "answer": string}]}. Plain text only, no HTML or Markdown. Write 3 to 5 sections ' +
        '(an introduction, vehicle or climate care advice, why book a mobile detailer) and 4 FAQ items. Never invent prices, ' +
        'phone numbers, reviews or zip codes.',
    },
    { role: 'user', content: `Write the page for these facts:\n${JSON.stringify(facts)}` },
  ];
}

async function askModel(config: OpenAiConfig, ctx: PageContext) {
  const doFetch = config.fetch ?? fetch;
  const res = await doFetch(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${config.apiKey}`,
      ...requestIdHeaders(),
    },
    body: JSON.stringify({
      model: config.model,
      messages: prompt(ctx),
      temperature: 0.8,
      response_format: { type: 'json_object' },
    }),
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  if (!res.ok) throw new Error(`the model answered ${res.status}`);
  const body = (await res.json()) as { choices?: Array<{ message?: { content?: string } }> };
  const text = body.choices?.[0]?.message?.content;
  if (!text) throw new Error('the model returned no content');
  const parsed = answerSchema.safeParse(JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, '')));
  if (!parsed.success)
    throw new Error(
      `the model's answer did not match the expected shape: ${parsed.error.issues[0]?.message}`,
    );
  return parsed.data;
}

const rewriteSchema = z.object({ sentences: z.array(z.string().min(1).max(600)) });

/** The numbers a sentence states ("12", "$1,250.00", "40%"), as digits only, to compare a rewrite with its source. */
export const numbersIn = (text: string) =>
  (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((x) => x.replace(/,/g, '')).sort();

/** The rewrite of one sentence is kept only if it states exactly the source's numbers: a model never invents one. */
export function keepIfSameNumbers(source: string, rewrite: string | undefined) {
  if (!rewrite) return source;
  const plain = toPlainText(rewrite).trim();
  return plain && numbersIn(plain).join(' ') === numbersIn(source).join(' ') ? plain : source;
}

async function rewriteSentences(config: OpenAiConfig, sentences: string[]) {
  const doFetch = config.fetch ?? fetch;
  const res = await doFetch(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${config.apiKey}`,
      ...requestIdHeaders(),
    },
    body: JSON.stringify({
      model: config.model,
      messages: [
        {
          role: 'system',
          content:
            'You rewrite short business findings for the owner of a mobile car-detailing business: warm, plain, one ' +
            'or two sentences each. Keep every number exactly as given and add none. Answer with one JSON object only: ' +
            '{"sentences": string[]} with one sentence per finding, in the same order.',
        },
        { role: 'user', content: JSON.stringify({ findings: sentences }) },
      ],
      temperature: 0.4,
      response_format: { type: 'json_object' },
    }),
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  if (!res.ok) throw new Error(`the model answered ${res.status}`);
  const body = (await res.json()) as { choices?: Array<{ message?: { content?: string } }> };
  const text = body.choices?.[0]?.message?.content;
  if (!text) throw new Error('the model returned no content');
  const parsed = rewriteSchema.safeParse(JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, '')));
  if (!parsed.success || parsed.data.sentences.length !== sentences.length)
    throw new Error("the model's answer did not have one sentence per finding");
  return parsed.data.sentences;
}

export function createOpenAiGenerator(config: OpenAiConfig, fallback: ContentGenerator): ContentGenerator {
  return {
    name: 'openai-compatible',
    async rewriteFindings(sentences: string[]) {
      if (sentences.length === 0) return sentences;
      try {
        const rewritten = await rewriteSentences(config, sentences);
        return sentences.map((s, k) => keepIfSameNumbers(s, rewritten[k]));
      } catch (err) {
        console.warn(
          `content: the language model failed for insights (${err instanceof Error ? err.message : err})`,
        );
        return sentences;
      }
    },
    async generate(ctx: PageContext): Promise<GeneratedContent> {
      let answer: z.infer<typeof answerSchema>;
      try {
        answer = await askModel(config, ctx);
      } catch (err) {
        console.warn(
          `content: the language model failed for ${ctx.slug} (${err instanceof Error ? err.message : err}); using templates`,
        );
        return fallback.generate(ctx);
      }
      // Prices, zip codes and the FAQ's factual answers come from our own data, not from the model.
      const facts = generateFromTemplates(ctx);
      const factSections =
        facts.html.match(
          /<section><h2>(?:Services and prices|Popular detailing packages|Areas we serve|Serving)[\s\S]*?<\/section>/g,
        ) ?? [];
      const text = (s: string) => escapeHtml(toPlainText(s));
      const written = answer.sections
        .map(
          (s) =>
            `<section><h2>${text(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${text(p)}</p>`).join('')}</section>`,
        )
        .join('');
      const faq = answer.faq.map((f) => ({
        question: toPlainText(f.question),
        answer: toPlainText(f.answer),
      }));
      const faqHtml = `<section><h2>Frequently asked questions</h2>${faq.map((f) => `<h3>${escapeHtml(f.question)}</h3><p>${escapeHtml(f.answer)}</p>`).join('')}</section>`;
      return {
        metaDescription: toPlainText(answer.metaDescription).slice(0, 160),
        html: written + factSections.join('') + faqHtml,
        faq,
      };
    },
  };
}
