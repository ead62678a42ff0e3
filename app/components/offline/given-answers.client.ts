/**
 * Every answer given on this device for a record, confirmed or not (issue 37 §1). The answer queue
 * (exam-session.client.ts) forgets an answer once the server confirms it: online the page's data holds it,
 * but the service worker's offline copy of the page is the one fetched before it was given. A reload offline
 * draws these over that copy, so every answer given is on screen. Kept beside the queue, under its own key;
 * forgotten at hand-in and at logout (`forgetGiven`).
 */
import type { KeyValueStorage, QueuedAnswer } from "~/components/qbank/exam-session.client";

export const GIVEN_PREFIX = "qbank:given:";
const QUEUE_PREFIX = "qbank:answers:";

function read(storage: KeyValueStorage, key: string): Record<string, string[]> {
  try {
    const v = JSON.parse(storage.getItem(key) ?? "{}") as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, string[]>) : {};
  } catch {
    return {};
  }
}

/** The queue's storage, noting each answer it keeps in the record's given answers too. */
export function recordingGiven(storage: KeyValueStorage): KeyValueStorage {
  return {
    getItem: (key) => storage.getItem(key),
    removeItem: (key) => storage.removeItem(key),
    setItem(key, value) {
      storage.setItem(key, value);
      if (!key.startsWith(QUEUE_PREFIX)) return;
      const givenKey = GIVEN_PREFIX + key.slice(QUEUE_PREFIX.length);
      try {
        const given = read(storage, givenKey);
        for (const item of JSON.parse(value) as QueuedAnswer[]) given[String(item.questionId)] = item.answer;
        storage.setItem(givenKey, JSON.stringify(given));
      } catch {
        // storage full: the queue itself still holds what is not confirmed
      }
    },
  };
}

/** The answers given on this device for the record (question id → answer). */
export function givenAnswers(storage: KeyValueStorage, recordId: number): Map<number, string[]> {
  return new Map(Object.entries(read(storage, GIVEN_PREFIX + recordId)).map(([id, a]) => [Number(id), a]));
}

/** Forgets the given answers of one record, or of every record (logout). */
export function forgetGiven(storage: Storage, recordId?: number) {
  try {
    if (recordId !== undefined) return storage.removeItem(GIVEN_PREFIX + recordId);
    for (let i = storage.length - 1; i >= 0; i--) {
      const key = storage.key(i);
      if (key?.startsWith(GIVEN_PREFIX)) storage.removeItem(key);
    }
  } catch {
    // storage refused
  }
}
