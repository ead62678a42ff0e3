import * as z from "zod/v4";

const fields = {
  oldPassword: z.string({ error: "password.required" }).min(1, { error: "password.required" }),
  newPassword: z.string({ error: "password.required" }).min(6, { error: "password.length" }).max(20, { error: "password.length" }),
  confirmPassword: z.string({ error: "password.required" }).min(1, { error: "password.required" }),
};
const match = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;

/** The change-password form of /personal/setting/account (the server checks it; the browser gets its constraints, decision 023). */
export const ChangePasswordSchema = z.object(fields).refine(match, { path: ["confirmPassword"], error: "password.mismatch" });

/** The same form as a branch of the account page's posts (`accountPostSchema`): no button names it. */
export const ChangePasswordPostSchema = z
  .object({ intent: z.literal("password"), ...fields })
  .refine(match, { path: ["confirmPassword"], error: "password.mismatch" });
