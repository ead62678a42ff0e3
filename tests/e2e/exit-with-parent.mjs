// Preloaded (node --import) into the sandbox and portal that tests/e2e/servers.ts starts: their stdin is a
// pipe from the Playwright worker, which closes when the worker exits for any reason, even SIGKILL. Then the
// server exits too, so no server outlives the test run.
process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();
