/**
 * The exercise socket session's start (use-exercise-socket.ts), in the chunk that loads after hydration with the
 * session itself: the socket, the answer queue (every answer also kept as given: issue 37 §1), the session, the
 * hand-in channel of the record's other tabs and the upstream's hand-in push (issue 37 §2), the network's coming
 * and going on the status line. Here rather than in the hook, so none of it counts in the page's own JavaScript
 * (the exam paper is at the 100 KB budget).
 */
import type { SessionStatus } from "~/components/qbank/exam-session.client";
import { AnswerQueue, ExamSession, HandInChannel, isHandInPush, syncStatusText } from "~/components/qbank/exam-session.client";
import { givenAnswers, recordingGiven } from "~/components/offline/given-answers.client";
import { openRealtime, type RealtimeSocket, type SocketBootstrap } from "~/services/realtime.client";

export function startExercise(o: {
  bootstrap: SocketBootstrap;
  recordId: number;
  setStatus: (status: SessionStatus) => void;
  onLocal: (answers: Map<number, string[]>) => void;
  onAuthenticated?: (socket: RealtimeSocket) => void;
}) {
  const { recordId, setStatus, onLocal } = o;
  let s: ExamSession | null = null;
  const socket = openRealtime(o.bootstrap, {
    // the upstream says the record was handed in (another tab or device): no more answers here
    onMessage: (message) => {
      if (isHandInPush(message, recordId)) s?.handedInNow();
    },
    onEvent: (e) => {
      if (e.type === "authenticated") {
        void s?.connectedNow();
        o.onAuthenticated?.(socket);
      } else if (e.type === "closed") s?.disconnected();
    },
  });
  const queue = new AnswerQueue(recordingGiven(window.localStorage), recordId);
  // an answer kept upstream that is later than this device's (another tab's) redraws its question like the device's own
  const session = new ExamSession(socket, recordId, queue, setStatus, (kept) => onLocal(kept));
  s = session;
  // offline, the page may be the service worker's older copy: every answer given on this device goes on it (issue 37 §1)
  onLocal(navigator.onLine ? session.localAnswers() : new Map([...givenAnswers(window.localStorage, recordId), ...session.localAnswers()]));
  setStatus(session.status());
  const handIn = new HandInChannel(recordId, () => void session.checkHandedIn());
  // the status line says "offline: N answers on this device" the moment the network goes (issue 37 §1)
  const redraw = () => setStatus(session.status());
  window.addEventListener("online", redraw);
  window.addEventListener("offline", redraw);
  return {
    session,
    queue,
    handIn,
    statusText: syncStatusText,
    close() {
      window.removeEventListener("online", redraw);
      window.removeEventListener("offline", redraw);
      handIn.close();
      session.dispose();
      socket.close();
    },
  };
}
