import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: '1. Information we collect',
    body: (
      <>
        <p>We collect the information you give us and the information needed to run the service:</p>
        <ul>
          <li>
            <strong>Account information</strong> — your name, email address, password (stored only as a secure
            hash), business name, address and subscription plan if you are a detailer.
          </li>
          <li>
            <strong>Booking information</strong> — the service chosen, vehicle details (make, model, year,
            type), the date, time and address of the appointment, your contact details and any special
            instructions.
          </li>
          <li>
            <strong>Business records</strong> — the customers, services, inventory, quotes, campaigns, loyalty
            points and verification documents a detailer stores in ShineRoute.
          </li>
          <li>
            <strong>Payment information</strong> — payments are processed by our payment provider. We receive
            the amount, status and the last four digits of the card; we never see or store full card numbers.
          </li>
          <li>
            <strong>Usage information</strong> — your IP address, browser type and pages visited, used to keep
            the service secure and working well.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: '2. How we use your information',
    body: (
      <ul>
        <li>
          To check whether detailing is available at your zip code and to let you know when it launches there.
        </li>
        <li>To schedule, confirm, remind you about and complete bookings, and to process payments.</li>
        <li>
          To provide detailers with the tools they pay for: CRM, invoices, campaigns, loyalty and analytics.
        </li>
        <li>To verify detailer businesses, prevent fraud and keep the platform safe.</li>
        <li>To answer your support requests and send service announcements.</li>
        <li>
          To send marketing messages, only where you have agreed to receive them; you can opt out at any time.
        </li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: '3. How we share information',
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>
            With the detailer you book, who needs your contact details, vehicle and address to do the job.
          </li>
          <li>
            With service providers who process data on our behalf (hosting, payments, email and SMS delivery),
            under contracts that require them to protect it.
          </li>
          <li>When required by law, or to protect the rights, property or safety of ShineRoute or others.</li>
          <li>
            With a buyer or successor if ShineRoute is involved in a merger or acquisition; we will tell you
            first.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'detailer-data',
    title: '4. Data detailers store about their customers',
    body: (
      <p>
        When a detailer stores customer records in ShineRoute, the detailer decides what is stored and why,
        and ShineRoute processes that data on the detailer's behalf. Each business's data is kept separate and
        is visible only to that business and the staff it authorises. Verification documents are private
        files, available only to the business that uploaded them and to our verification team.
      </p>
    ),
  },
  {
    id: 'security',
    title: '5. Security',
    body: (
      <p>
        We use encryption in transit (HTTPS), hashed passwords, access controls enforced on our servers and
        regular backups. No system is perfectly secure; if we learn of a breach affecting your information we
        will notify you as required by law.
      </p>
    ),
  },
  {
    id: 'retention',
    title: '6. Data retention',
    body: (
      <p>
        We keep account and business data while your account is active. After a subscription ends, detailers
        can export their data for 30 days; after that it is deleted or anonymised, except where we must keep
        records (for example invoices) to meet legal, tax or accounting obligations.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: '7. Your rights and choices',
    body: (
      <p>
        You can access, correct, export or delete your personal information, and object to or restrict certain
        processing. Detailers can do most of this from their account settings. Customers of a detailer can ask
        that detailer, or contact us and we will help. Depending on where you live (for example California or
        the EU) you may have additional rights, which we honour.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: '8. Cookies',
    body: (
      <p>
        We use essential cookies to keep you signed in and to protect forms against abuse. We do not use
        third-party advertising cookies.
      </p>
    ),
  },
  {
    id: 'children',
    title: "9. Children's privacy",
    body: (
      <p>
        ShineRoute is not directed at children under 13 and we do not knowingly collect their personal
        information.
      </p>
    ),
  },
  {
    id: 'changes',
    title: '10. Changes to this policy',
    body: (
      <p>
        We may update this policy from time to time. We will post the new version on this page, update the
        date above and, for significant changes, notify account holders by email.
      </p>
    ),
  },
  {
    id: 'contact',
    title: '11. Contact us',
    body: (
      <p>
        Questions about this policy or your data? Email{' '}
        <a href="mailto:support@shineroute.com">support@shineroute.com</a> or use our{' '}
        <Link to="/contact">contact form</Link>. ShineRoute, Austin, TX.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="This policy explains what information ShineRoute collects when you use our website, book a detail or run your detailing business on our platform, how we use it and the choices you have."
      sections={SECTIONS}
    />
  );
}
