// The V8 flags the server process starts with (ADR 0037). V8 reads heap sizes when the process
// starts, so they are given on the command line by whatever starts the server: `npm start` (its
// script in package.json, checked against this list by tests/unit/node-flags.test.ts) and the test
// and bench launcher (tests/e2e/server.ts). Cluster workers inherit them.
//
// --max-semi-space-size=8: V8's young generation defaults to two 32 MB semi-spaces on this machine;
// under load both are filled and stay resident. 8 MB each took the PGlite server's peak RSS under the
// list bench from 527 to 446 MB (issue 10: ≤ 512 MB) for ~2% of its throughput.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'] as const;
