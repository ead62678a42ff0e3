import * as z from "zod/v4";
import { formId } from "~/forms/fields";

/** The public catalogue's forms (issue 23 step 3), parsed with `parseWithZod` in their actions. */

/** `/school/switch` (spec 000 §4): the school chosen, and the page to go back to when it is unknown. */
export const SchoolSwitchSchema = z.object({ schoolId: formId, from: z.string().max(2048).optional() });

/** `/openCourse`: sign up for an open course (a logged-in visitor). */
export const OpenCourseSignUpSchema = z.object({ intent: z.literal("signup"), openCourseId: formId });
