import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

/**
 * A user acting without pauses between keystrokes (each pause is a macrotask and a render of the whole form), who
 * fills a field as one paste: what the component computes from the final text is what these tests assert.
 */
export function fastUser() {
  const user = userEvent.setup({ delay: null });
  return Object.assign(user, {
    async fill(field: HTMLElement, text: string) {
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    },
  });
}

/** Renders a component with a fresh query cache (no retries), and a user to act on it. */
export function renderWithQueries(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = fastUser();
  return { user, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; body: unknown };

/**
 * Answers the component's API requests: `routes` maps "METHOD /path" to a body (200) or a function of the call;
 * a request with no route fails the test. Returns the calls made, in order.
 */
export function stubApi(routes: Record<string, Answer | ((call: ApiCall) => Answer)>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost:3000');
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const text = typeof init.body === 'string' ? init.body : null;
    const call: ApiCall = {
      method,
      path: url.pathname,
      search: url.searchParams,
      body: text ? JSON.parse(text) : null,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`No stubbed answer for ${method} ${url.pathname}`);
    const answer = typeof route === 'function' ? route(call) : route;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
