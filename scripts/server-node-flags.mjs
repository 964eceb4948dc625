// Node flags for the server process, shared by `npm start`, the browser tests and the benchmarks so
// they measure what runs.
// - Young-generation semi-spaces of 4 MB instead of 16: the server's garbage is short-lived request
//   and record objects, and the default lets the young generation grow to ~48 MB of resident memory.
// - Source maps: stack traces of the bundle name the TypeScript files and lines (~2 MB).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--enable-source-maps'];
