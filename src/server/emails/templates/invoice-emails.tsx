import { formatCents } from '../../../shared/money';
import { defineEmail } from '../define';
import { EmailLayout, Lines, P, Url } from '../layout';

// Invoices and payments: the invoice sent, the overdue reminder, the receipt of every payment, the refund notice.

interface InvoiceMessage {
  customerName: string;
  businessName: string;
  businessPhone: string | null;
  /** "INV-0003". */
  number: string;
  balanceCents: number;
  /** The due date as the business's calendar shows it ("Dec 20, 2026"). */
  due: string;
  link: string;
}

const sample: InvoiceMessage = {
  customerName: 'Ava Stone',
  businessName: 'Lone Star Mobile Detailing',
  businessPhone: '512-555-0100',
  number: 'INV-0003',
  balanceCents: 22785,
  due: 'Dec 20, 2026',
  link: 'http://localhost:3000/invoice/sample-token',
};

export const invoiceSent = defineEmail<InvoiceMessage>({
  subject: (p) => `Invoice ${p.number} from ${p.businessName}: ${formatCents(p.balanceCents)} due ${p.due}`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={`${formatCents(p.balanceCents)} due ${p.due}`}>
      <P>Hello {p.customerName},</P>
      <Lines
        lines={[
          `${p.businessName} has sent you invoice ${p.number}.`,
          `Amount due: ${formatCents(p.balanceCents)}, by ${p.due}.`,
        ]}
      />
      <P>
        View and pay it online: <Url href={p.link} />
      </P>
      {p.businessPhone && (
        <P>
          Questions? Call {p.businessName} at {p.businessPhone}.
        </P>
      )}
      <P>{p.businessName}</P>
    </EmailLayout>
  ),
  sample,
});

export const invoiceOverdue = defineEmail<InvoiceMessage>({
  subject: (p) => `Reminder: invoice ${p.number} from ${p.businessName} is overdue`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={`${formatCents(p.balanceCents)} is still to pay`}>
      <P>Hello {p.customerName},</P>
      <P>
        Invoice {p.number} from {p.businessName} was due on {p.due}. {formatCents(p.balanceCents)} is still to
        pay.
      </P>
      <P>
        Pay it online: <Url href={p.link} />
      </P>
      {p.businessPhone && (
        <P>
          Already paid, or a question? Call {p.businessName} at {p.businessPhone}.
        </P>
      )}
      <P>{p.businessName}</P>
    </EmailLayout>
  ),
  sample: { ...sample, balanceCents: 5400 },
});

interface ReceiptProps {
  customerName: string;
  businessName: string;
  /** "Invoice INV-0003" or "Quote deposit". */
  documentTitle: string;
  amountCents: number;
  tipCents: number;
  methodLabel: string;
  balanceCents: number;
  link: string;
  /** What was paid for, a line each: a several-vehicle booking's invoice names each vehicle (decision 1327). */
  items?: { name: string; cents: number }[];
}

/** Every payment (card, cash, check, other, deposit): the amount, the tip and the total received. */
export const paymentReceipt = defineEmail<ReceiptProps>({
  subject: (p) => `Receipt from ${p.businessName}: ${formatCents(p.amountCents + p.tipCents)}`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={`${p.businessName} received your payment. Thank you!`}>
      <P>Hello {p.customerName},</P>
      <P>{p.businessName} received your payment. Thank you!</P>
      <Lines
        lines={[
          p.documentTitle,
          ...(p.items ?? []).map((i) => `${i.name}: ${formatCents(i.cents)}`),
          `Payment (${p.methodLabel}): ${formatCents(p.amountCents)}`,
          p.tipCents > 0 && `Tip: ${formatCents(p.tipCents)}`,
          <strong key="total">Total received: {formatCents(p.amountCents + p.tipCents)}</strong>,
          p.balanceCents > 0
            ? `Balance still due: ${formatCents(p.balanceCents)}`
            : 'Nothing is left to pay.',
        ]}
      />
      <P>
        View it any time: <Url href={p.link} />
      </P>
      <P>{p.businessName}</P>
    </EmailLayout>
  ),
  sample: {
    customerName: 'Ava Stone',
    businessName: 'Lone Star Mobile Detailing',
    documentTitle: 'Invoice INV-0003',
    amountCents: 22785,
    tipCents: 4200,
    methodLabel: 'card',
    balanceCents: 0,
    link: 'http://localhost:3000/invoice/sample-token',
  },
});

/** A card payment that was refunded (paid twice, paid after a void). */
export const invoiceRefund = defineEmail<{
  customerName: string;
  businessName: string;
  number: string;
  /** Price and tip refunded. */
  amountCents: number;
  /** Why, in one sentence (refundNotice). */
  notice: string;
  link: string;
}>({
  subject: (p) => `Refund from ${p.businessName}: ${formatCents(p.amountCents)}`,
  Email: (p) => (
    <EmailLayout brand={p.businessName} preview={p.notice}>
      <P>Hello {p.customerName},</P>
      <Lines
        lines={[
          `Invoice ${p.number}: ${p.notice}`,
          'A refund usually appears on your card statement within 5–10 business days.',
        ]}
      />
      <P>
        View the invoice any time: <Url href={p.link} />
      </P>
      <P>{p.businessName}</P>
    </EmailLayout>
  ),
  sample: {
    customerName: 'Ava Stone',
    businessName: 'Lone Star Mobile Detailing',
    number: 'INV-0003',
    amountCents: 26985,
    notice: 'This invoice was already paid, so we refunded your payment of $269.85 in full.',
    link: 'http://localhost:3000/invoice/sample-token',
  },
});
