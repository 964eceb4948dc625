/**
 * The app's React code runs on Preact (preact/compat): React DOM alone was ≈ 60 KB of the login
 * screen's ≈ 110 KB of JavaScript, Preact with its compat layer is ≈ 11 KB (issue 19: the first
 * login on a 400 kbps link). The browser tests (e2e) run this build. The unit tests render the same
 * components with React itself: the testing libraries and the React libraries' CommonJS builds load
 * React from Node, past Vite's aliases.
 */
export const REACT_ON_PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
