/** Spec 001 §9 does not show the note limits: 1 to 500 characters (the sandbox's too). Shared by the form and its schema. */
export const NOTE_MAX = 500;
