import { z } from 'zod';

// The weekly insights digest (Elite "AI insights", issue 29; docs/decisions/1241): findings computed by rules in SQL,
// each with the numbers behind it and, where one exists, the one action that follows.

export const INSIGHT_KINDS = [
  'quiet_weekday',
  'top_up_due',
  'lapsed_customers',
  'stock_running_out',
  'overdue_invoices',
  'revenue_trend',
] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];

/** At most this many findings a week: what is worth acting on, not a report. */
export const MAX_FINDINGS = 5;

export const insightSchema = z.object({
  kind: z.enum(INSIGHT_KINDS),
  /** One sentence with the figures (the rules' words, or the language model's rewrite of them). */
  text: z.string(),
  /** The figures the text is built from, by name, as the queries returned them. */
  figures: z.record(z.string(), z.number()),
  action: z.object({ label: z.string(), href: z.string() }).nullable(),
});
export type Insight = z.infer<typeof insightSchema>;

export const insightsDigestSchema = z.object({
  /** The Monday (business's zone) of the week the digest is for. */
  weekStart: z.string(),
  createdAt: z.string(),
  findings: z.array(insightSchema),
});
export type InsightsDigest = z.infer<typeof insightsDigestSchema>;

export const INSIGHTS_TEXT = {
  title: 'Insights this week',
  nothing: 'Nothing needs your attention this week: bookings, stock and invoices look healthy.',
  emailSubject: (businessName: string) => `${businessName}: what to act on this week`,
} as const;
