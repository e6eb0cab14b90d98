// How the production server is started, in one place: `npm start`, the
// Dockerfile's CMD, the benchmark and the load test use these arguments
// (tests/runtime.test.ts keeps package.json and the Dockerfile in step).
//
// --max-semi-space-size=2: V8's young generation may otherwise grow to 48 MB
// under load. Our requests allocate little that survives; 2 MB semi-spaces
// keep the resident set smaller at no cost in throughput (docs/performance.md).
export const NODE_FLAGS = ['--max-semi-space-size=2'];
export const SERVER_ENTRY = 'dist/server/main.js';
export const SERVER_ARGS = [...NODE_FLAGS, SERVER_ENTRY];
