// How the production server is started, in one place: `npm start`, the
// Dockerfile's CMD, the benchmark and the load test use these arguments
// (tests/runtime.test.ts keeps package.json and the Dockerfile in step).
//
// --max-semi-space-size=4: V8's young generation may otherwise grow to 48 MB
// under load. Our requests allocate little that survives; 4 MB semi-spaces
// keep the resident set ~20 MB smaller than the default at ~14% more req/s
// than 1 MB, whose scavenges were an eighth of a request's CPU (README,
// "Performance").
export const NODE_FLAGS = ['--max-semi-space-size=4'];
export const SERVER_ENTRY = 'dist/server/main.js';
export const SERVER_ARGS = [...NODE_FLAGS, SERVER_ENTRY];
