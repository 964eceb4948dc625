// Prints the gzipped JavaScript needed to show the login screen (DESIGN §1 budget: 120 KB):
// the entry chunk, everything it imports statically, and the lazy login route with its static imports.
// Usage (after `npx vite build` in apps/web): node tools/login-js-size.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\.?\/?([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/index.html');
const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\.?\/?([^"]+)"/g)].map((m) => m[1]);

const staticImports = (file) => {
  const code = readFileSync(join(dist, file), 'utf8');
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  // `import … from "./x.js"` and bare `import "./x.js"`, not dynamic import("./x.js").
  return [...code.matchAll(/import(?:[\s\w{},*$]*?from)?\s*["'](\.\/[^"']+\.js)["']/g)].map((m) => dir + m[1].slice(2));
};

const needed = new Set();
const visit = (file) => {
  if (needed.has(file)) return;
  needed.add(file);
  for (const dep of staticImports(file)) visit(dep);
};
visit(entry);
preloads.forEach(visit);
const login = readdirSync(join(dist, 'assets')).find((f) => f.startsWith('login-screen-') && f.endsWith('.js'));
if (!login) throw new Error('no login-screen chunk');
visit(`assets/${login}`);

let total = 0;
for (const file of [...needed].sort()) {
  const gz = gzipSync(readFileSync(join(dist, file))).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total gzipped JS for #/login`);
