import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: '1. Acceptance of these terms',
    body: (
      <p>
        By creating an account, booking a service or otherwise using ShineRoute (the "Service"), you agree to
        these Terms of Service and to our <Link to="/privacy">Privacy Policy</Link>. If you use the Service on
        behalf of a business, you accept these terms for that business. If you do not agree, do not use the
        Service.
      </p>
    ),
  },
  {
    id: 'service',
    title: '2. The Service',
    body: (
      <p>
        ShineRoute is a marketplace where customers book mobile car detailing, and a software platform that
        detailing businesses use to manage bookings, payments, customers, services, inventory, marketing and
        loyalty. Detailing work is performed by independent detailers, not by ShineRoute; the detailer is
        responsible for the quality and safety of the work they perform.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: '3. Accounts',
    body: (
      <ul>
        <li>You must be at least 18 years old and give accurate, complete information.</li>
        <li>You are responsible for keeping your password secure and for all activity under your account.</li>
        <li>
          Detailers may be asked to verify their business (for example a government ID, business license and
          proof of insurance). We aim to review submissions within 24 hours and may refuse or revoke
          verification.
        </li>
      </ul>
    ),
  },
  {
    id: 'plans',
    title: '4. Subscription plans and free trial',
    body: (
      <>
        <p>
          Detailers subscribe to one of our plans: Starter ($29/month, 1 user), Pro ($79/month, up to 3 users)
          or Elite ($199/month, unlimited users). Add-ons are priced separately.
        </p>
        <ul>
          <li>New accounts start with a 14-day free trial. No credit card is required to start the trial.</li>
          <li>
            Trials convert to a paid subscription at the end of the trial period unless cancelled before it
            ends.
          </li>
          <li>
            Subscriptions renew automatically each billing period until cancelled. You can cancel anytime.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'fees',
    title: '5. Fees, price changes and refunds',
    body: (
      <ul>
        <li>Fees are billed in advance in U.S. dollars and exclude applicable taxes.</li>
        <li>
          We will announce any price change at least 30 days before it takes effect, by email and in the app.
          The new price applies from your next billing period after that notice.
        </li>
        <li>
          Fees are non-refundable unless stated otherwise in these terms or in a specific offer. Cancelling
          stops future charges; you keep access until the end of the period already paid for.
        </li>
        <li>
          Promotional offers (for example a discount on the first months) apply only as described in the
          offer.
        </li>
      </ul>
    ),
  },
  {
    id: 'bookings',
    title: '6. Bookings and payments by customers',
    body: (
      <ul>
        <li>
          Prices shown at booking are set by the detailer and may vary by vehicle type. The price is confirmed
          before you pay.
        </li>
        <li>Card payments are processed by our payment provider; tips go to the detailer.</li>
        <li>Rescheduling requires at least 24 hours' notice before the appointment.</li>
        <li>
          Cancellation and refund policies for a booking are those of the detailer performing it, shown before
          you book.
        </li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: '7. Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>break the law, or infringe anyone's rights, through the Service;</li>
          <li>send spam or marketing messages to people who have not agreed to receive them;</li>
          <li>upload false verification documents or impersonate another person or business;</li>
          <li>
            attempt to access another business's data, probe or disrupt the Service, or scrape it at scale.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-data',
    title: '8. Your data',
    body: (
      <p>
        You own the data you put into ShineRoute. You give us permission to host, process and display it only
        as needed to provide the Service. You can export your data at any time while your account is active.
      </p>
    ),
  },
  {
    id: 'termination',
    title: '9. Termination',
    body: (
      <p>
        You may close your account at any time. We may suspend or terminate accounts that breach these terms,
        with notice where reasonable. After termination you can export your data for 30 days; after that
        period we may delete it.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: '10. Disclaimers and limitation of liability',
    body: (
      <p>
        The Service is provided "as is" and "as available". To the fullest extent permitted by law, ShineRoute
        is not liable for indirect, incidental or consequential damages, or for the acts of independent
        detailers, and our total liability for any claim is limited to the amount you paid us in the 12 months
        before the claim arose.
      </p>
    ),
  },
  {
    id: 'changes',
    title: '11. Changes to these terms',
    body: (
      <p>
        We may update these terms. We will post the new version here, update the date above and notify account
        holders of material changes by email. Continuing to use the Service after changes take effect means
        you accept them.
      </p>
    ),
  },
  {
    id: 'law-contact',
    title: '12. Governing law and contact',
    body: (
      <p>
        These terms are governed by the laws of the State of Texas, USA. Questions? Email{' '}
        <a href="mailto:support@shineroute.com">support@shineroute.com</a> or use our{' '}
        <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro="These terms govern your use of ShineRoute, whether you book a detail as a customer or run your detailing business on our platform. Please read them carefully."
      sections={SECTIONS}
    />
  );
}
