import { formatCents } from './money';

/** "15% off" or "$10.00 off". */
export const formatPromoDiscount = (p: { discountType: 'percent' | 'fixed'; discountValue: number }) =>
  p.discountType === 'percent' ? `${p.discountValue}% off` : `${formatCents(p.discountValue)} off`;
