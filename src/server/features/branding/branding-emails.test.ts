import { describe, expect, it } from 'vitest';
import { renderEmailAs as renderEmail } from '../../emails';
import { sampleBookingDetails } from '../../emails/templates/booking-details';

// A white-labelled business's customer emails (decision 1315): its display name for the sender and in the wording,
// its logo and colour on top; without branding the email is as it was.

const booking = {
  ...sampleBookingDetails,
  firstName: 'Maya',
  businessName: 'Test Detailing Co',
  contact: null,
  manageLink: 'https://app.test/manage/abc',
  reference: 'ABCD1234',
};
const branding = {
  displayName: 'Lone Star Shine',
  color: '#fde047',
  textColor: '#0f172a',
  logoUrl: 'https://app.test/api/public/branding/b1/logo?v=1',
};

describe('branded emails', () => {
  it('show the display name, logo and colour in place of the business name', async () => {
    const email = await renderEmail('booking-confirmation', booking, branding);
    expect(email.html).toContain('Lone Star Shine');
    expect(email.html).toContain('background-color:#fde047');
    expect(email.html).toContain('https://app.test/api/public/branding/b1/logo?v=1');
    expect(email.html).not.toContain('Test Detailing Co');
    expect(email.text).toContain('Thank you for choosing Lone Star Shine!');
  });

  it('are as before without branding', async () => {
    const email = await renderEmail('booking-confirmation', booking);
    expect(email.html).toContain('Test Detailing Co');
    expect(email.html).not.toContain('<img');
  });

  it('apply to the invoice and quote emails too', async () => {
    for (const name of ['invoice-sent', 'quote-sent'] as const) {
      const { EMAIL_TEMPLATES } = await import('../../emails');
      const email = await renderEmail(name, EMAIL_TEMPLATES[name].sample as never, branding);
      expect(email.html, name).toContain('Lone Star Shine');
      expect(email.html, name).toContain('background-color:#fde047');
    }
  });
});
