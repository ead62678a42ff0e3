import { useEffect, useRef, useState } from "react";
import type { AnswerQueue, ExamSession, SessionStatus } from "~/components/qbank/exam-session.client";
import type { RealtimeSocket, SocketBootstrap } from "~/services/realtime.client";

/**
 * With JavaScript: the socket session of an exercise record (the practice doing page and the exam paper):
 * the client modules load after hydration, answers go out as given and stay on the device until the
 * server confirms them (`AnswerQueue`); typed answers go out after their own question's typing pause
 * (`ExamSession.answerSoon`). `onLocal` receives the answers kept on this device; `onAuthenticated`
 * runs after each (re)connection (the exam paper's examFace check). One session per record.
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
        onEvent: (e) => {
          if (e.type === "authenticated") {
            void s?.connectedNow();
            onAuthenticated?.(socket);
          } else if (e.type === "closed") s?.disconnected();
        },
      });
      queue.current = new m.AnswerQueue(given.recordingGiven(window.localStorage), recordId);
      s = new m.ExamSession(socket, recordId, queue.current, setStatus);
      session.current = s;
      // offline, the page may be the service worker's older copy: every answer given on this device goes on it (issue 37 §1)
      onLocal(navigator.onLine ? s.localAnswers() : new Map([...given.givenAnswers(window.localStorage, recordId), ...s.localAnswers()]));
      setStatus(s.status());
      close = () => {
        s?.dispose();
        socket.close();
      };
    });
    return () => {
      closed = true;
      session.current = null;
      close();
    };
    // one session per record
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recordId]);
  return { status, session, queue };
}
