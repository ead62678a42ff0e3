/**
 * The checkout's arithmetic (issue 16, spec 001 section 7): every amount an integer number of cents (fen),
 * never a float. The order of the deductions is fixed (docs/decisions/028-cart-checkout-payment.md):
 * price → member price → coupon → points → study card → balance → what is left is paid at the provider.
 */

/** 1 point is worth 1 cent (100 points = ¥1). */
export const CENTS_PER_POINT = 1;

export interface PriceLine {
  priceCents: number;
  memberPriceCents: number | null;
}
export interface CouponTerms {
  amountCents: number;
  minCents: number;
}

export interface PriceInput {
  lines: PriceLine[];
  member: boolean;
  coupon: CouponTerms | null;
  /** points the student wants to spend, and has */
  pointsWanted: number;
  pointsAvailable: number;
  cardValueCents: number;
  useBalance: boolean;
  balanceAvailableCents: number;
}

export interface Priced {
  subtotalCents: number;
  memberDiscountCents: number;
  couponCents: number;
  pointsUsed: number;
  pointsCents: number;
  cardCents: number;
  balanceCents: number;
  /** what the provider is asked for */
  payCents: number;
  /** the order's value after the discounts (member price and coupon), before the means of payment */
  totalCents: number;
}

const cents = (v: number, what: string) => {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${what} must be a whole, non-negative number of cents: ${v}`);
  return v;
};

/** Yuan as the catalogue writes them (e.g. 99.9) → cents, rounded once, at the edge. */
export const yuanToCents = (yuan: number) => Math.round(yuan * 100);

/** Whether a coupon applies to an amount (after member prices): its threshold is met. */
export const couponApplies = (coupon: CouponTerms, amountCents: number) => amountCents > 0 && amountCents >= coupon.minCents;

export function price(input: PriceInput): Priced {
  let subtotal = 0;
  let member = 0;
  for (const line of input.lines) {
    subtotal += cents(line.priceCents, 'price');
    if (input.member && line.memberPriceCents !== null) member += line.priceCents - Math.min(cents(line.memberPriceCents, 'member price'), line.priceCents);
  }
  let left = subtotal - member;
  const coupon = input.coupon && couponApplies(input.coupon, left) ? Math.min(cents(input.coupon.amountCents, 'coupon'), left) : 0;
  left -= coupon;
  const total = left;
  const pointsUsed = Math.min(cents(input.pointsWanted, 'points'), cents(input.pointsAvailable, 'points'), Math.floor(left / CENTS_PER_POINT));
  const pointsCents = pointsUsed * CENTS_PER_POINT;
  left -= pointsCents;
  const card = Math.min(cents(input.cardValueCents, 'card'), left);
  left -= card;
  const balance = input.useBalance ? Math.min(cents(input.balanceAvailableCents, 'balance'), left) : 0;
  left -= balance;
  return {
    subtotalCents: subtotal,
    memberDiscountCents: member,
    couponCents: coupon,
    pointsUsed,
    pointsCents,
    cardCents: card,
    balanceCents: balance,
    payCents: left,
    totalCents: total,
  };
}
