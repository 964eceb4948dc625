// Node flags for the server process, shared by `npm start` and the benchmarks so they measure what runs.
// Young-generation semi-spaces of 4 MB instead of 16: the server's garbage is short-lived request and
// record objects, and the default lets the young generation grow to ~48 MB of resident memory.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];
