import * as z from "zod/v4";

/** Lenient pieces for upstream answers: unknown fields pass through, flags may come as "1" or 1. */
export const flag = z
  .union([z.number(), z.string(), z.boolean(), z.null()])
  .optional()
  .transform((v) => Number(v ?? 0) || 0);
export const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? "" : String(v)));
export const id = z.union([z.number(), z.string()]).transform((v) => Number(v));
export const optionalId = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || v === "" ? undefined : Number(v)));
export const stringList = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? []);
