import * as z from "zod/v4";

/** The change-password form of /personal/setting/account (the server checks it; the browser gets its constraints, decision 023). */
export const ChangePasswordSchema = z
  .object({
    oldPassword: z.string({ error: "password.required" }).min(1, { error: "password.required" }),
    newPassword: z.string({ error: "password.required" }).min(6, { error: "password.length" }).max(20, { error: "password.length" }),
    confirmPassword: z.string({ error: "password.required" }).min(1, { error: "password.required" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], error: "password.mismatch" });
