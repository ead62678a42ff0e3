// @ts-check
// The first screen `npm start` prints (issue 39 §13): where the portal is, every demo account and how to sign in
// without the form. tests/unit/start-banner.test.ts signs each listed account in against the sandbox, so the list
// stays true to the seed.

/** The demo accounts (company 1 on localhost / 127.0.0.1 unless said), password Passw0rd!: [what for, mobile, username]. */
export const DEMO_ACCOUNTS = /** @type {const} */ ([
  ["student", "13800000001", "student01"],
  ["must change password", "13800000002", "student02"],
  ["member", "13800000003", "member01"],
  ["partial permissions (account centre: points only)", "13800000010", "partial01"],
  ["exams (a paper without face check)", "13700003308", "exam08"],
  ["account centre (balance, cards, coupons)", "13700003200", "acct01"],
  ["staff (management centre)", "13800000009", "teacher01"],
]);

/**
 * @param {{ portalPort: number; upstreamUrl: string }} where
 * @returns {string}
 */
export function startBanner({ portalPort, upstreamUrl }) {
  const width = Math.max(...DEMO_ACCOUNTS.map(([what]) => what.length));
  const accounts = DEMO_ACCOUNTS.map(([what, mobile, username]) => `    ${what.padEnd(width)}  ${mobile} / ${username}`).join("\n");
  return `
  Online school portal:  http://127.0.0.1:${portalPort}/home/index
  Sandbox upstream:      ${upstreamUrl}  (control API under /__sandbox, see sandbox/README.md)

  Demo accounts (company 1 on localhost / 127.0.0.1), password Passw0rd!
${accounts}
    ${"company 4 student".padEnd(width)}  13900000004 (http://company4.localhost:${portalPort})

  Sign in without the login form: POST ${upstreamUrl}/__sandbox/sso/code {"account":"13800000001"}
  and open http://127.0.0.1:${portalPort}/home/index?code=<code>

  Request log lines are off here (LOG_REQUESTS=1 npm start shows them; npm run serve logs every request).
  Ctrl-C stops both.
`;
}
