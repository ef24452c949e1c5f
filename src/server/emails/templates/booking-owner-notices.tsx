import { defineEmail } from '../define';
import { EmailLayout, Lines, P } from '../layout';
import { type BookingDetails, bookingDetailLines, sampleBookingDetails, whenText } from './booking-details';

interface Customer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

const customerLine = (c: Customer) =>
  `Customer: ${c.firstName} ${c.lastName} <${c.email}>${c.phone ? `, ${c.phone}` : ''}`;

const sampleCustomer: Customer = {
  firstName: 'Casey',
  lastName: 'Nguyen',
  email: 'casey@example.com',
  phone: '+15125550123',
};

/** The owner's notice of a paid online booking waiting for confirmation. */
export const bookingNewForOwner = defineEmail<BookingDetails & { customer: Customer; businessName: string }>({
  subject: (p) => `New booking: ${p.serviceName} on ${whenText(p.when)}`,
  Email: (p) => (
    <EmailLayout
      brand={p.businessName}
      preview={`${p.customer.firstName} ${p.customer.lastName} booked online`}
    >
      <P>You have a new paid booking waiting for confirmation.</P>
      <Lines lines={[customerLine(p.customer), ...bookingDetailLines(p)]} />
      <P>Open Bookings in ShineRoute to confirm it.</P>
    </EmailLayout>
  ),
  sample: { ...sampleBookingDetails, customer: sampleCustomer, businessName: 'Lone Star Mobile Detailing' },
});

/** Support's notice of a booking where no business serves yet (decision 0006). */
export const platformLead = defineEmail<BookingDetails & { customer: Customer; zipCode: string | null }>({
  subject: (p) =>
    `New platform lead: ${p.serviceName}${p.zipCode ? ` in ${p.zipCode}` : ''} on ${whenText(p.when)}`,
  Email: (p) => (
    <EmailLayout brand="ShineRoute" preview="Assign this lead to a detailer">
      <P>A customer booked where no business serves yet. Assign this lead to a detailer.</P>
      <Lines
        lines={[customerLine(p.customer), `Zip: ${p.zipCode ?? 'not given'}`, ...bookingDetailLines(p)]}
      />
    </EmailLayout>
  ),
  sample: { ...sampleBookingDetails, customer: sampleCustomer, zipCode: '78701' },
});
