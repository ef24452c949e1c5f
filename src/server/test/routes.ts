import type { Hono } from 'hono';

/** A route as the app's router holds it: `/api/customers/:id`, with its OpenAPI operation when it has one. */
export interface AppRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params: string[];
  /** The OpenAPI operation, when the route is documented (its request body schema drives sample bodies). */
  operation?: OpenApiOperation;
}

export interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  pattern?: string;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every route the app serves, read from its router (so a route added anywhere is picked up), joined with the
 * OpenAPI document for the ones that are typed. Middleware entries and wildcards are left out.
 */
export function appRoutes(
  app: Hono<never> | { routes: Array<{ method: string; path: string }> },
  doc: { paths: Record<string, Record<string, OpenApiOperation>> },
): AppRoute[] {
  const seen = new Map<string, AppRoute>();
  for (const r of (app as { routes: Array<{ method: string; path: string }> }).routes) {
    if (!METHODS.has(r.method) || r.path.includes('*')) continue;
    const path = r.path.replace(/\/+$/, '') || '/';
    const key = `${r.method} ${path}`;
    if (seen.has(key)) continue;
    const openApiPath = path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation = doc.paths[openApiPath]?.[r.method.toLowerCase()];
    seen.set(key, {
      method: r.method as AppRoute['method'],
      path,
      params: [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
      operation,
    });
  }
  return [...seen.values()];
}

/** The path with each `:param` replaced. */
export function fillPath(route: AppRoute, value: (param: string) => string): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(value(name)));
}

/** The JSON request body schema of a documented route, if it takes JSON. */
export function jsonBodySchema(route: AppRoute): JsonSchema | undefined {
  return route.operation?.requestBody?.content?.['application/json']?.schema;
}

/**
 * A plausible valid value for a JSON schema (required fields only, smallest allowed values), so a request gets past
 * validation to the route's own checks. `uuid` returns the id to put in uuid fields.
 */
export function sampleOf(
  schema: JsonSchema | undefined,
  uuid: (key: string) => string,
  depth = 0,
  key = '',
): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  // A field naming a record gets an id even when it may be left out (a quote line's serviceId defaults to null).
  if (/^id$|Id$/.test(key) && !schema.enum && allowsString(schema)) return uuid(key);
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return sampleOf(alternatives.find((s) => s.type !== 'null') ?? alternatives[0], uuid, depth + 1, key);
  if (schema.allOf?.length)
    return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s, uuid, depth + 1) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {}))
        out[name] = sampleOf(prop, uuid, depth + 1, name);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        sampleOf(schema.items, uuid, depth + 1, key),
      );
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(min, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'uuid' || /^id$|Id$/.test(key)) return uuid(key);
      if (schema.format === 'email' || /email/i.test(key)) return 'sample@example.com';
      if (/phone/i.test(key)) return '(512) 555-0142';
      if (/zip/i.test(key)) return '78701';
      if (/timeZone/i.test(key)) return 'America/Chicago';
      // A day's hours: closing after opening.
      if (key === 'open') return '08:00';
      if (key === 'close') return '18:00';
      // A documented instant before the names' guesses: a field's deviceTime is an ISO time, not a clock time.
      if (schema.format === 'date-time') return '2030-01-15T15:00:00.000Z';
      if (/date$/i.test(key) || /On$/.test(key)) return '2030-01-15';
      if (/time$/i.test(key)) return '10:00';
      if (schema.format === 'date') return '2030-01-15';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com';
      const sized = (text: string) =>
        text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length);
      if (!schema.pattern) return sized('Sample text');
      // A pattern (a code, a time…): the first common shape that matches it.
      const re = new RegExp(schema.pattern);
      const candidates = [
        'Sample text',
        'SAMPLE10',
        'sample-text',
        '10:00',
        '78701',
        '#2563eb',
        'TX',
        '5125550142',
      ];
      return candidates.map(sized).find((c) => re.test(c)) ?? sized('Sample text');
    }
    default:
      return null;
  }
}

function allowsString(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') || [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(allowsString);
}
