import { useEffect, useRef, useState } from "react";
import type { AnswerQueue, ExamSession, HandInChannel, SessionStatus } from "~/components/qbank/exam-session.client";
import type { T } from "~/components/qbank/parts";
import type { RealtimeSocket, SocketBootstrap } from "~/services/realtime.client";

/**
 * With JavaScript: the socket session of an exercise record (the practice doing page and the exam paper):
 * the client modules load after hydration, answers go out as given and stay on the device until the
 * server confirms them (`AnswerQueue`); typed answers go out after their own question's typing pause
 * (`ExamSession.answerSoon`). `onLocal` receives the answers kept on this device, and later the upstream's answer
 * of a question whose save here was older than another tab's (issue 37 §2); `onAuthenticated`
 * runs after each (re)connection (the exam paper's examFace check). One session per record.
 * `announceHandIn` tells the record's other tabs that this one hands in (they ask the upstream and stop
 * taking answers: issue 37 §2).
 */
export function useExerciseSocket(
  bootstrap: SocketBootstrap | null | undefined,
  recordId: number,
  onLocal: (answers: Map<number, string[]>) => void,
  onAuthenticated?: (socket: RealtimeSocket) => void,
) {
  const [status, setStatus] = useState<SessionStatus | null>(null);
  const session = useRef<ExamSession | null>(null);
  const queue = useRef<AnswerQueue | null>(null);
  const handIn = useRef<HandInChannel | null>(null);
  const statusText = useRef<((s: SessionStatus, t: T) => string | null) | null>(null);
  useEffect(() => {
    if (!bootstrap) return;
    let closed = false;
    let close = () => {};
    void Promise.all([
      import("~/components/qbank/exam-session.client"),
      import("~/services/realtime.client"),
      import("~/components/offline/given-answers.client"),
    ]).then(([m, rt, given]) => {
      if (closed) return;
      let s: ExamSession | null = null;
      const socket = rt.openRealtime(bootstrap, {
        // the upstream says the record was handed in (another tab or device): no more answers here
        onMessage: (message) => {
          if (m.isHandInPush(message, recordId)) s?.handedInNow();
        },
        onEvent: (e) => {
          if (e.type === "authenticated") {
            void s?.connectedNow();
            onAuthenticated?.(socket);
          } else if (e.type === "closed") s?.disconnected();
        },
      });
      statusText.current = m.syncStatusText;
      queue.current = new m.AnswerQueue(given.recordingGiven(window.localStorage), recordId);
      // an answer kept upstream that is later than this device's (another tab's) redraws its question like the device's own
      s = new m.ExamSession(socket, recordId, queue.current, setStatus, (kept) => onLocal(kept));
      session.current = s;
      // offline, the page may be the service worker's older copy: every answer given on this device goes on it (issue 37 §1)
      onLocal(navigator.onLine ? s.localAnswers() : new Map([...given.givenAnswers(window.localStorage, recordId), ...s.localAnswers()]));
      setStatus(s.status());
      const current = s;
      const channel = new m.HandInChannel(recordId, () => void current.checkHandedIn());
      handIn.current = channel;
      close = () => {
        channel.close();
        s?.dispose();
        socket.close();
      };
    });
    return () => {
      closed = true;
      session.current = null;
      handIn.current = null;
      close();
    };
    // one session per record
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recordId]);
  return {
    status,
    session,
    queue,
    announceHandIn: () => handIn.current?.announce(),
    /** the status line (syncStatusText): null without a session */
    text: (t: T) => (status && statusText.current ? statusText.current(status, t) : null),
  };
}
