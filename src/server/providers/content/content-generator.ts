import type { VehicleClass } from '../../../shared/seo.constants';
import { createOpenAiGenerator } from './openai-generator';
import { createTemplateGenerator } from './template-generator';

export interface FaqItem {
  question: string;
  answer: string;
}

export interface BusinessForPage {
  id: string;
  name: string;
  phone: string | null;
  tagline: string | null;
  description: string | null;
  yearsInBusiness: number;
  specialties: string[];
  guarantees: string[];
  services: Array<{
    name: string;
    description: string | null;
    basePriceCents: number;
    durationMinutes: number;
  }>;
}

/** Everything a generator may say about one page: its subject, place, vehicle and business. */
export interface PageContext {
  slug: string;
  keyword: string;
  city: string;
  stateCode: string;
  stateName: string;
  vehicle: { make: string; model: string; kind: VehicleClass } | null;
  business: BusinessForPage | null;
  area: { zips: string[]; towns: string[] };
  /** 1 for the first page of a subject; 2, 3… for pages whose slug needed a numeric suffix. */
  variant: number;
}

/**
 * A page's copy: HTML (escaped by the generator, and sanitised again wherever it is stored and served) plus the
 * FAQ (also rendered in the HTML) as plain text for structured data.
 */
export interface GeneratedContent {
  metaDescription: string;
  html: string;
  faq: FaqItem[];
}

export interface ContentGenerator {
  readonly name: string;
  generate(ctx: PageContext): Promise<GeneratedContent>;
  /**
   * Rewrites the insights digest's sentences as friendlier prose, one for one (docs/decisions/1241). The answer keeps
   * every sentence's numbers; a sentence the model changed a number in, or any failure, keeps the rules' words.
   * Without it the rules' words are used as they are.
   */
  rewriteFindings?(sentences: string[]): Promise<string[]>;
}

export interface ContentGeneratorConfig {
  llmBaseUrl?: string;
  llmApiKey?: string;
  llmModel?: string;
  llmTimeoutMs?: number;
  fetch?: typeof fetch;
}

/** The built-in template engine, or an OpenAI-compatible model (falling back to templates) when configured. */
export function createContentGenerator(config: ContentGeneratorConfig = {}): ContentGenerator {
  const templates = createTemplateGenerator();
  if (!config.llmBaseUrl || !config.llmApiKey) return templates;
  return createOpenAiGenerator(
    {
      baseUrl: config.llmBaseUrl,
      apiKey: config.llmApiKey,
      model: config.llmModel ?? 'gpt-4o-mini',
      timeoutMs: config.llmTimeoutMs ?? 20_000,
      fetch: config.fetch,
    },
    templates,
  );
}
