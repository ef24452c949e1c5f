import { Receipt } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useInvoiceBooking } from '../../api/invoices';
import { Button } from '../../components/ui/button';

/** One click on a completed booking: its invoice (made once; a second click opens the same one). */
export function InvoiceBookingButton({ bookingId }: { bookingId: string }) {
  const invoice = useInvoiceBooking();
  const navigate = useNavigate();
  return (
    <Button
      size="sm"
      variant="outline"
      loading={invoice.isPending}
      onClick={() =>
        invoice.mutate(bookingId, {
          onSuccess: (inv) => {
            toast.success('Success', { description: `Invoice ${inv.numberText} is ready` });
            navigate('/invoices?tab=invoices');
          },
          onError: (e) => toast.error('Error', { description: e.message }),
        })
      }
    >
      <Receipt /> Invoice
    </Button>
  );
}
