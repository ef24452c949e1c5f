import { INSIGHTS_TEXT } from '../../../shared/insights';
import { formatCalendarDate } from '../../../shared/time';
import { defineEmail } from '../define';
import { EmailLayout, P, Url } from '../layout';

interface Props {
  businessName: string;
  /** The Monday of the week, YYYY-MM-DD. */
  weekStart: string;
  /** Each finding's sentence and, where there is one, the action's label and full address. */
  findings: Array<{ text: string; action: { label: string; url: string } | null }>;
  /** The dashboard, where the digest is shown too. */
  link: string;
}

/** The weekly insights digest (Elite; docs/decisions/1241): the findings worth acting on, each with its one action. */
export const insightsDigest = defineEmail<Props>({
  subject: (p) => INSIGHTS_TEXT.emailSubject(p.businessName),
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview={`${p.findings.length} things worth your attention this week`}>
      <P>
        {INSIGHTS_TEXT.title} — week of {formatCalendarDate(p.weekStart, { weekday: false })}
      </P>
      {p.findings.length === 0 ? (
        <P>{INSIGHTS_TEXT.nothing}</P>
      ) : (
        p.findings.map((f) => (
          <P key={f.text}>
            {f.text}
            {f.action && (
              <>
                <br />
                {f.action.label}: <Url href={f.action.url} />
              </>
            )}
          </P>
        ))
      )}
      <P>
        The same figures are on your dashboard and in Analytics: <Url href={p.link} />
      </P>
    </EmailLayout>
  ),
  sample: {
    businessName: 'Lone Star Mobile Detailing',
    weekStart: '2026-11-23',
    findings: [
      {
        text: '2 invoices are more than 30 days past due, $480.00 in all.',
        action: { label: 'Open invoices', url: 'http://localhost:3000/invoices' },
      },
      {
        text: 'Tuesdays were 12% booked over the last 8 weeks, against 85% on Saturdays — an offer for Tuesdays could fill them.',
        action: { label: 'Send a Tuesday promo', url: 'http://localhost:3000/campaigns?new=1' },
      },
    ],
    link: 'http://localhost:3000/dashboard',
  },
});
