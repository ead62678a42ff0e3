import { createHmac, randomBytes } from 'node:crypto';

/**
 * The seed's codes that a student types to get money or a coupon (issue 36 §1): recharge cards, study cards,
 * the checkout's cards and the coupons' exchange codes. They look like real ones: 16 characters (12 for a coupon
 * code) of an alphabet without 0/O and 1/I, none following from another, so that the seed no longer teaches that
 * RC0001 leads to RC0002 (an attack run redeemed 25 recharge cards by counting). Tests read them from
 * `GET /__sandbox/seed/codes` (routes/control.ts), never from a literal.
 *
 * Each code is an HMAC of its place in the seed (`recharge:7`) under a key made per process, not stored per code:
 * the template is built again every few minutes (template.ts) and every build must seed the same codes, or a
 * test that read the list before a reset would hold codes that no longer exist. The key is kept in the seed's
 * `meta` (`seed_code_key`), and a kept file database brings its own back (`setSeedCodeKey`), as the RSA key.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CARD_CODE_LENGTH = 16;
export const COUPON_CODE_LENGTH = 12;

/** How many of each the seed holds (account/store.ts, shop/store.ts). */
export const SEED_CODE_COUNTS = { recharge: 40, package302: 20, course5010: 20, shopCards: 20 } as const;

let key: Buffer | undefined;
let cached: SeedCodes | undefined;

/** This process's key (hex), made on first use; the seed writes it into `meta`. */
export function seedCodeKey(): string {
  key ??= randomBytes(32);
  return key.toString('hex');
}

/** The key of a kept database (template.ts): its codes stay the ones its rows hold. */
export function setSeedCodeKey(hex: string): void {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('sandbox: seed_code_key must be 64 hex digits');
  key = Buffer.from(hex, 'hex');
  cached = undefined;
}

function codeOf(label: string, length: number): string {
  seedCodeKey();
  const mac = createHmac('sha256', key!).update(label).digest();
  // 32 symbols: 5 bits of each byte, no bias
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[mac[i]! & 31];
  return code;
}

const series = (label: string, count: number, length = CARD_CODE_LENGTH) => Array.from({ length: count }, (_, i) => codeOf(`${label}:${i + 1}`, length));

/** The answer of `GET /__sandbox/seed/codes` (sandbox/README.md, "Test-control API"). */
export interface SeedCodes {
  /** recharge cards (account centre, recharge/charge/card), ¥100.00 each */
  recharge: string[];
  /** study cards (account centre, check/code and the card order) */
  studyCards: {
    /** open the package 会计职称进阶套餐 (302: 5007, 5008, 5010) */
    package302: string[];
    /** open the course 财务报表分析 (5010) */
    course5010: string[];
    /** expired the day before the seed (one) */
    expired: string[];
  };
  /** the checkout's cards (`cardCode` of an order), ¥100.00 each */
  shopCards: string[];
  /** coupon exchange codes (account centre, exchange/coupons), by coupon */
  coupons: {
    /** coupon 10, 新人满100减20 (the account centre's own) */
    welcome20: string;
    /** coupon 1, 满300减50 */
    save50: string;
    /** coupon 2, 无门槛10元券 */
    ten: string;
  };
}

/** Every seeded code, in seed order (the same for every build of this process's template). */
export function seedCodes(): SeedCodes {
  cached ??= {
    recharge: series('recharge', SEED_CODE_COUNTS.recharge),
    studyCards: {
      package302: series('study-card:302', SEED_CODE_COUNTS.package302),
      course5010: series('study-card:5010', SEED_CODE_COUNTS.course5010),
      expired: series('study-card:expired', 1),
    },
    shopCards: series('shop-card', SEED_CODE_COUNTS.shopCards),
    coupons: {
      welcome20: codeOf('coupon:10', COUPON_CODE_LENGTH),
      save50: codeOf('coupon:1', COUPON_CODE_LENGTH),
      ten: codeOf('coupon:2', COUPON_CODE_LENGTH),
    },
  };
  return cached;
}
