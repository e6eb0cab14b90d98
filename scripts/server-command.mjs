// How the production server is started, in one place: `npm start`, the
// Dockerfile's CMD, the benchmark and the load test use these arguments
// (tests/runtime.test.ts keeps package.json and the Dockerfile in step).
//
// --max-semi-space-size=1: V8's young generation may otherwise grow to 48 MB
// under load; our requests allocate little that survives, so a 1 MB
// semi-space costs no throughput and keeps the resident set ~25 MB smaller
// (README, "Performance").
export const NODE_FLAGS = ['--max-semi-space-size=1'];
export const SERVER_ENTRY = 'dist/server/main.js';
export const SERVER_ARGS = [...NODE_FLAGS, SERVER_ENTRY];
