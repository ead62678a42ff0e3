import { io, type Socket } from "socket.io-client";

/**
 * Presence events of spec 000 section 4 (browser only, loaded by components/realtime/Presence.tsx for
 * logged-in users after hydration): a socket.io connection to `online_school_nodejs_domain`.
 * `out_online` sends the user to the offline page, `front_logout` reloads; log on when connected,
 * log off at logout.
 */
export const PRESENCE_PATH = "/socket.io/";

export type PresenceSettings = { hosts: string[]; userId: number; companyId: number; sessionId: string };

export type PresenceOptions = PresenceSettings & {
  /** spec: out_online -> /redirect/online?u={domain} */
  onOutOnline?: () => void;
  /** spec: front_logout -> reload */
  onFrontLogout?: () => void;
  /** tests pass socket.io-client's `io` with their own options */
  connect?: typeof io;
  pageProtocol?: string;
};

export type Presence = { logOn(): void; logOff(): void; close(): void; readonly socket: Socket };

/** One host of the comma-separated list, the same for a user on every page (spreads users over hosts). */
export function pickHost(hosts: string[], userId: number): string {
  return hosts[Math.abs(userId) % hosts.length]!;
}

/** http(s) by the page's protocol unless the configured host names its own scheme. */
export function presenceUrl(host: string, pageProtocol: string): string {
  if (/^(https?|wss?):\/\//i.test(host)) return host.replace(/^ws/i, "http");
  return `${pageProtocol === "https:" ? "https" : "http"}://${host}`;
}

export function offlinePath(domain: string): string {
  return `/redirect/online?u=${encodeURIComponent(domain)}`;
}

export function connectPresence(options: PresenceOptions): Presence {
  const connect = options.connect ?? io;
  const protocol = options.pageProtocol ?? window.location.protocol;
  const socket = connect(presenceUrl(pickHost(options.hosts, options.userId), protocol), {
    path: PRESENCE_PATH,
    // websocket only: no long-polling requests (the CSP's connect-src allows ws: and wss:)
    transports: ["websocket"],
    auth: { userId: options.userId, companyId: options.companyId, sessionId: options.sessionId },
  });
  const identity = { userId: options.userId, companyId: options.companyId };
  const presence: Presence = {
    socket,
    logOn: () => void socket.emit("logOn", identity),
    logOff: () => void socket.emit("logOff", identity),
    close: () => void socket.close(),
  };
  socket.on("connect", presence.logOn);
  socket.on("out_online", () => {
    socket.close();
    (options.onOutOnline ?? (() => window.location.assign(offlinePath(window.location.hostname))))();
  });
  socket.on("front_logout", () => {
    socket.close();
    (options.onFrontLogout ?? (() => window.location.reload()))();
  });
  return presence;
}
