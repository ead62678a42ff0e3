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
    void import("~/components/qbank/exercise-start.client").then((m) => {
      if (closed) return;
      const started = m.startExercise({ bootstrap, recordId, setStatus, onLocal, onAuthenticated });
      statusText.current = started.statusText;
      queue.current = started.queue;
      session.current = started.session;
      handIn.current = started.handIn;
      close = started.close;
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
