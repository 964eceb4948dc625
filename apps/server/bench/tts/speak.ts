// Budget "an answer is spoken within 1 s of the question on the demo data (local provider)" (issue 14):
// the server's share when the phone has no voice — Ask me answers of about 20 words in Hindi and
// Tamil synthesised by espeak-ng through TtsService (first time, and again from the disk cache).
// The browser test askme.e2e.ts measures the whole tap → sound. Prints one JSON line.
//   node --import tsx apps/server/bench/tts/speak.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalTtsProvider } from '../../src/providers/tts/local-tts';
import { TtsService } from '../../src/modules/tts/service';

const dir = mkdtempSync(join(tmpdir(), 'tl-tts-bench-'));
const tts = new TtsService({ provider: new LocalTtsProvider(), cacheDir: dir });
const answers = {
  hi: 'शेरू अभी शिरूर, पुणे, महाराष्ट्र में है। टंकी में लगभग बयालीस लीटर डीज़ल है और आज इंजन तीन घंटे चला।',
  ta: 'ஷேரு இப்போது சிரூர், புனே, மகாராஷ்டிராவில் உள்ளது. தொட்டியில் சுமார் நாற்பத்திரண்டு லிட்டர் டீசல் உள்ளது.',
} as const;

const ms = async (f: () => Promise<unknown>) => {
  const t0 = performance.now();
  await f();
  return Math.round((performance.now() - t0) * 10) / 10;
};
const out: Record<string, { firstMs: number; cachedMs: number; bytes: number }> = {};
try {
  for (const [lang, text] of Object.entries(answers) as [keyof typeof answers, string][]) {
    const firstMs = await ms(() => tts.speak(text, lang));
    const cachedMs = await ms(() => tts.speak(text, lang));
    out[lang] = { firstMs, cachedMs, bytes: (await tts.speak(text, lang)).audio.length };
  }
  console.log(JSON.stringify(out));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
