/** Spec 001 §9 does not show the note limits: 1 to 500 characters (the sandbox's too). Shared by the note form (components/study/courses/Notes.tsx) and its schema (services/notes.server.ts). */
export const NOTE_MAX = 500;
