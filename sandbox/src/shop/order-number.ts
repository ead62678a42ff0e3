import { randomBytes } from 'node:crypto';

/** An order number: Beijing date and time (yyyyMMddHHmmss) and eight random digits. Its own module so that
 * account/store.ts and exams/store.ts need not import shop/orders.ts (which imports account/store.ts). */
export const orderNumber = (now = Date.now()) => {
  const d = new Date(now + 8 * 3_600_000).toISOString();
  return `${d.slice(0, 10).replace(/-/g, '')}${d.slice(11, 19).replace(/:/g, '')}${randomBytes(3).readUIntBE(0, 3).toString().padStart(8, '0')}`;
};
