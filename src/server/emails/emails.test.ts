import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATES, type EmailName, renderEmail } from '.';
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

  it('names every text message with a body under one SMS segment pair', () => {
    for (const [name, body] of Object.entries(SMS_SAMPLES)) {
      expect(body, name).not.toMatch(/undefined|null|NaN|\[object/);
      expect(body.length, name).toBeLessThanOrEqual(306);
    }
    expect(SMS_SAMPLES['booking-reminder']).toMatch(new RegExp(`${SMS_OPT_OUT}$`));
  });
});
