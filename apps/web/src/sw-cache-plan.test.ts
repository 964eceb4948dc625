import { describe, expect, it } from 'vitest';
import { ON_FIRST_USE, assetName, markOnFirstUse, splitManifest } from './sw-cache-plan';

describe('what the service worker precaches and what it keeps on first use', () => {
  const built = [
    { url: 'index.html', revision: 'a1' },
    { url: 'assets/framework-C_YgOVjH.js', revision: null },
    { url: 'assets/login-screen-DzvQKLBi.js', revision: null },
    { url: 'assets/usage-screen-C3rg_eH9.js', revision: null },
    { url: 'assets/ta-c3LA0kJh.js', revision: null },
  ];
  const shell = new Set(['index.html', 'assets/framework-C_YgOVjH.js', 'assets/login-screen-DzvQKLBi.js']);

  it('marks what is not the shell, and the worker splits the manifest back the same way', () => {
    const marked = markOnFirstUse(built, (url) => shell.has(url));
    expect(marked.filter((e) => e.revision === ON_FIRST_USE).map((e) => e.url)).toEqual(['assets/usage-screen-C3rg_eH9.js', 'assets/ta-c3LA0kJh.js']);
    const split = splitManifest(marked);
    expect(split.shell).toEqual(built.slice(0, 3));
    expect(split.onFirstUse).toEqual(['assets/usage-screen-C3rg_eH9.js', 'assets/ta-c3LA0kJh.js']);
  });

  it('plain string entries are precached as they are', () => {
    expect(splitManifest(['offline.html'])).toEqual({ shell: ['offline.html'], onFirstUse: [] });
  });

  it("a file's name without its hash finds its next version (hashes may hold - and _)", () => {
    expect(assetName('http://x/assets/usage-screen-C3rg_eH9.js')).toBe('http://x/assets/usage-screen.js');
    expect(assetName('assets/pending-login--mp0s77d.js')).toBe('assets/pending-login.js');
    expect(assetName('assets/askme-screen-CKxTw5px.css')).toBe('assets/askme-screen.css');
    expect(assetName('assets/usage-screen-C3rg_eH9.js')).toBe(assetName('assets/usage-screen-Zz9_-a1B.js'));
  });
});
