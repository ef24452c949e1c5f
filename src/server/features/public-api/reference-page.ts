import { escapeHtml } from '../../../shared/html';

/** The bits of an OpenAPI 3.1 document the reference page reads. */
interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    schema?: { enum?: unknown[]; type?: unknown };
  }[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string }>;
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * /docs/api: the public API's reference, rendered on the server from the OpenAPI document (decision 1201). No script
 * and nothing from a CDN: the document itself is at /api/openapi.json for tools that read it.
 */
export function renderApiReference(doc: OpenApiDocument, publicUrl: string) {
  const rows: string[] = [];
  let lastTag = '';
  const entries = Object.entries(doc.paths ?? {}).filter(([path]) => path.startsWith('/api/v1/'));
  const ops = entries.flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m]! })),
  );
  ops.sort((a, b) => (a.op.tags?.[0] ?? '').localeCompare(b.op.tags?.[0] ?? ''));
  for (const { path, method, op } of ops) {
    const tag = (op.tags?.[0] ?? '').replace(/^Public API: /, '');
    if (tag !== lastTag) {
      rows.push(`<h2>${escapeHtml(tag[0]?.toUpperCase() + tag.slice(1))}</h2>`);
      lastTag = tag;
    }
    const params = (op.parameters ?? [])
      .filter((p) => p.in === 'query')
      .map((p) => {
        const values = p.schema?.enum ? ` (${p.schema.enum.map(String).join(', ')})` : '';
        return `<code>${escapeHtml(p.name)}</code>${escapeHtml(values)}`;
      });
    const statuses = Object.keys(op.responses ?? {}).join(', ');
    rows.push(
      `<section class="op"><p><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></p>` +
        `<p>${escapeHtml(op.summary ?? '')}</p>` +
        (params.length ? `<p class="meta">Query: ${params.join(', ')}</p>` : '') +
        `<p class="meta">Answers: ${escapeHtml(statuses)}</p></section>`,
    );
  }
  const base = escapeHtml(`${publicUrl.replace(/\/$/, '')}/api/v1`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ShineRoute API reference</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#0f172a;background:#f8fafc}
main{max-width:880px;margin:0 auto;padding:24px 16px}
h1{font-size:1.6rem;margin:0 0 8px}h2{margin-top:32px;font-size:1.2rem;border-bottom:1px solid #e2e8f0;padding-bottom:4px}
code,pre{font-family:ui-monospace,monospace;font-size:.9em;overflow-wrap:anywhere}
pre{background:#0f172a;color:#e2e8f0;padding:12px;border-radius:8px;overflow-x:auto}
.op{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:4px 14px;margin:10px 0}
.m{display:inline-block;min-width:52px;font-weight:700;font-size:.8rem;padding:2px 6px;border-radius:4px;color:#fff;text-align:center}
.m-get{background:#0369a1}.m-post{background:#15803d}.m-patch{background:#b45309}.m-put{background:#b45309}.m-delete{background:#b91c1c}
.meta{color:#475569;font-size:.9rem}
</style></head><body><main>
<h1>ShineRoute API reference</h1>
<p>The public API of a business on the Elite plan: bookings, customers, services, invoices and quotes. Base address: <code>${base}</code>. The full OpenAPI document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<h2>Authentication</h2>
<p>Create a key on Business Profile → API. Send it in every request:</p>
<pre>curl -H "Authorization: Bearer sr_live_…" ${base}/customers</pre>
<p>A <strong>read</strong> key reads; a <strong>write</strong> key also creates and updates. A missing, wrong or revoked key answers 401; a read key writing answers 403.</p>
<h2>Conventions</h2>
<p>Lists answer <code>{ items, nextCursor }</code>: pass <code>nextCursor</code> back as <code>cursor</code> for the next page (null on the last); <code>limit</code> is 1–100 (default 50); <code>q</code> searches.</p>
<p>Errors answer <code>{ "error": { "message", "code" } }</code> with codes such as <code>invalid_request</code>, <code>missing_api_key</code>, <code>invalid_api_key</code>, <code>insufficient_scope</code>, <code>plan_required</code>, <code>not_found</code>, <code>conflict</code> and <code>rate_limited</code>.</p>
<p>Each key may make 2,500 requests per 5 minutes. Every answer carries <code>RateLimit-Policy</code> and <code>RateLimit</code> headers (the quota, what is left and the seconds until the window resets); over the limit the answer is 429 with <code>Retry-After</code>.</p>
${rows.join('\n')}
</main></body></html>`;
}
