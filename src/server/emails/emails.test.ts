import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATES, type EmailName, renderEmailAs as renderEmail } from '.';
import { SMS_OPT_OUT, SMS_SAMPLES } from './sms';

/** What each template's sample must show, in the HTML and in the text part alike. */
const KEY_FACTS: Record<EmailName, string[]> = {
  'password-reset': ['Maya Shine', 'http://localhost:3000/reset-password?token=sample-token', 'one hour'],
  'email-verification': ['Maya Shine', 'http://localhost:3000/api/auth/verify-email?token=sample-token'],
  'team-invitation': ['Lone Star Mobile Detailing', 'http://localhost:3000/join/sample-token', '7 days'],
  'verification-approved': ['Maya Shine is now verified', 'http://localhost:3000/dashboard'],
  'verification-rejected': ['The name does not match the account', 'http://localhost:3000/verification'],
  'contact-form': ['Jamie Rivera', 'jamie@example.com', 'Do you serve Round Rock?', '7d0f8a52'],
  'loyalty-code': ['042917', '10 minutes'],
  'service-area-launch': ['Austin, TX 78701', 'http://localhost:3000/book?zip=78701'],
  'quote-sent': ['$227.85', '$50.00', 'Fri, Dec 25, 2026', 'http://localhost:3000/quote/sample-token'],
  'booking-confirmation': [
    'Sat, Dec 5, 2026 at 10:00 AM CST',
    '500 Congress Ave, Austin, TX 78701',
    'Red 2021 Honda Civic (Sedan)',
    '$144.00',
    '$28.80',
    '$172.80',
    'Gate code 1234 & park on the left',
    'http://localhost:3000/manage/sample-token',
    '3F9A1C2B',
  ],
  'booking-new-for-owner': ['Casey Nguyen', 'casey@example.com', 'Full Detail', '$172.80'],
  'platform-lead': ['Zip: 78701', 'Casey Nguyen', 'Full Detail'],
  'booking-slot-lost': ['Sat, Dec 5, 2026 at 10:00 AM CST', '$172.80'],
  'booking-cancelled-refunded': ['Full Detail', 'by the business', '$172.80'],
  'booking-time-changed': ['moved your Express Wash to Sat, Dec 5, 2026 at 10:00 AM CST', '512-555-0100'],
  'booking-confirmed-by-owner': ['Express Wash', 'http://localhost:3000/manage/sample-token', '512-555-0100'],
  'booking-reminder': [
    'This is a reminder of your Express Wash',
    'http://localhost:3000/manage/sample-token',
  ],
  'review-request': ['Full Detail', 'http://localhost:3000/review/sample-token'],
  'self-service-moved': [
    'now on Sat, Dec 5, 2026 at 10:00 AM CST',
    'http://localhost:3000/manage/sample-token',
  ],
  'self-service-cancelled': ['is cancelled, as you asked'],
  'self-service-moved-for-owner': ['Casey moved their Express Wash', 'Fri, Dec 4, 2026 at 10:00 AM CST'],
  'self-service-cancelled-for-owner': [
    'Casey cancelled their Express Wash',
    'Their payment was refunded in full.',
  ],
  'invoice-sent': ['INV-0003', '$227.85', 'Dec 20, 2026', 'http://localhost:3000/invoice/sample-token'],
  'invoice-overdue': ['INV-0003', '$54.00 is still to pay', 'http://localhost:3000/invoice/sample-token'],
  'payment-receipt': ['Invoice INV-0003', '$227.85', 'Tip: $42.00', 'Total received: $269.85'],
  'invoice-refund': ['INV-0003', '$269.85', 'http://localhost:3000/invoice/sample-token'],
  'arrival-changed': [
    'we now expect to arrive for your Full Detail',
    'Sat, Dec 5, 2026 at 10:20 AM CST',
    '512-555-0100',
  ],
  'job-gallery': [
    'Full Detail with Lone Star Mobile Detailing is complete',
    'https://shineroute.test/gallery/sample-token',
    '4 photos',
  ],
  'on-my-way': [
    'Theo from Lone Star Mobile Detailing is on the way',
    'in about 15 minutes',
    '10:00 AM',
    '500 Congress Ave, Austin, TX 78701',
  ],
  marketing: ['Twenty percent off', '100 Congress Ave, Austin, TX 78701', 'Unsubscribe'],
  'membership-payment-failed': [
    '$79.00',
    'Fri, Mar 6, 2026, 9:00 AM',
    'http://localhost:3000/membership/token#card',
  ],
  'membership-suspended': ['$79.00', 'suspended', 'http://localhost:3000/membership/token#card'],
  'series-confirmed': ['every 2 weeks', '$45.00 ($5.00 off)', 'https://shineroute.example/manage/abc'],
  'series-visit-moved': ['Because of the weather', 'https://shineroute.example/manage/abc'],
  'webhook-endpoint-disabled': [
    'https://hooks.example.com/shineroute',
    'HTTP 503: Service Unavailable',
    'http://localhost:3000/business-profile',
  ],
  'white-label-setup-done': [
    'Lone Star Mobile Detailing',
    'http://localhost:3000/business-profile?tab=branding',
  ],
  'custom-domain-disabled': [
    'book.lonestardetailing.com',
    '3 daily checks in a row',
    'domains.shineroute.com',
    'http://localhost:3000/business-profile?tab=branding',
  ],
  'data-export-ready': ['Mar 14', 'http://localhost:3000/business-profile?tab=data'],
  'insights-digest': [
    'week of',
    '2 invoices are more than 30 days past due, $480.00 in all.',
    'Open invoices',
    'http://localhost:3000/invoices',
    'http://localhost:3000/dashboard',
  ],
};

const TAG = /<\/?(html|head|body|table|tr|td|p|a|br|div|span|strong|img|hr)\b/i;
const names = Object.keys(EMAIL_TEMPLATES) as EmailName[];

describe('email templates', () => {
  it.each(names)(
    '%s renders a subject, an HTML part with its key facts and a plain-text part',
    async (name) => {
      const email = await renderEmail(name, EMAIL_TEMPLATES[name].sample as never);
      // React separates adjacent text nodes with empty comments; the reader sees the text joined.
      const html = email.html.replace(/<!-- -->/g, '');
      expect(email.subject.trim()).not.toBe('');
      expect(email.subject).not.toMatch(/[\r\n]/);
      expect(email.html).toMatch(/^<!DOCTYPE html/);
      expect(email.text.trim()).not.toBe('');
      expect(email.text).not.toMatch(TAG);
      for (const fact of KEY_FACTS[name]) {
        expect(html).toContain(fact.replace(/&/g, '&amp;'));
        expect(email.text).toContain(fact);
      }
    },
  );

  it('escapes what people typed through React, and keeps it readable in the text part', async () => {
    const email = await renderEmail('contact-form', EMAIL_TEMPLATES['contact-form'].sample);
    expect(email.html).not.toContain('<pricing>');
    expect(email.html).toContain('&lt;pricing&gt;');
    expect(email.text).toContain('Subject: Question about <pricing>');
    expect(email.text).toContain('"Soon" is fine & so is later.');
  });

  it('keeps the wording line by line in the text part', async () => {
    const email = await renderEmail('verification-rejected', EMAIL_TEMPLATES['verification-rejected'].sample);
    expect(email.text).toBe(
      [
        'Hi Maya,',
        '',
        'We reviewed the documents for Maya Shine and could not verify it yet.',
        '',
        'Reason: The name does not match the account',
        '',
        'Please upload updated documents here:',
        'http://localhost:3000/verification',
      ].join('\n'),
    );
  });

  it('shows the price, the tip and the total charged on the booking confirmation, one per line', async () => {
    const email = await renderEmail('booking-confirmation', EMAIL_TEMPLATES['booking-confirmation'].sample);
    expect(email.subject).toBe('Booking confirmed: Full Detail on Sat, Dec 5, 2026 at 10:00 AM CST');
    expect(email.text).toContain('Price: $144.00\nTip: $28.80\nTotal charged: $172.80');
    const noTip = await renderEmail('booking-confirmation', {
      ...EMAIL_TEMPLATES['booking-confirmation'].sample,
      tipCents: 0,
    });
    expect(noTip.text).toContain('Price: $144.00\nTotal charged: $144.00');
    expect(noTip.text).not.toContain('Tip:');
  });

  it('leads the marketing links through click redirects in the HTML, and shows them as written in the text', async () => {
    const sample = EMAIL_TEMPLATES.marketing.sample;
    const email = await renderEmail('marketing', sample);
    expect(email.html).toContain(`href="${sample.clickUrls[0]}"`);
    expect(email.html).toContain(`href="${sample.unsubscribeUrl}"`);
    expect(email.html).toContain('>Unsubscribe</a>');
    expect(email.html).toContain(`src="${sample.openPixelUrl}"`);
    expect(email.text).toBe(
      `${sample.body}\n\n--\n${sample.businessName}\n${sample.postalAddress}\nUnsubscribe: ${sample.unsubscribeUrl}`,
    );
    expect(email.text).not.toContain('/click/');
  });

  it('names every text message with a body under one SMS segment pair', () => {
    for (const [name, body] of Object.entries(SMS_SAMPLES)) {
      expect(body, name).not.toMatch(/undefined|null|NaN|\[object/);
      expect(body.length, name).toBeLessThanOrEqual(306);
    }
    expect(SMS_SAMPLES['booking-reminder']).toMatch(new RegExp(`${SMS_OPT_OUT}$`));
  });
});
