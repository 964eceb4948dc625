// Fonts for server-rendered PDFs (GST invoices): finds the embedded Noto font files shipped by the
// @fontsource packages, and splits text into runs of one Unicode script so each run is drawn with a
// font that has its glyphs (and fontkit shapes it with the right complex-script shaper).
//
// PDFKit accepts a fontkit font object as a font source, so each face is parsed once per process
// and shared by every document (each document still embeds its own subset).
//
// Font files are resolved through the package names (never relative to this source file), because
// the server is also bundled by esbuild with every npm package left external.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { create as createFont } from 'fontkit';
import type { Font } from 'fontkit';

export type Script = 'latin' | 'devanagari' | 'gurmukhi' | 'gujarati' | 'tamil' | 'telugu';
/** A font face we can draw with: one per script, plus Latin Extended as a fallback for names like "Śrī". */
export type Face = Script | 'latin-ext';
export type Weight = 400 | 700;

export interface ScriptRun {
  script: Script;
  text: string;
}
export interface FontRun {
  face: Face;
  text: string;
}

interface FaceSource {
  /** npm package that ships the files. */
  pkg: string;
  /** Subset name in the package's files/. */
  subset: string;
}

const FACES: Record<Face, FaceSource> = {
  latin: { pkg: '@fontsource/noto-sans', subset: 'latin' },
  'latin-ext': { pkg: '@fontsource/noto-sans', subset: 'latin-ext' },
  devanagari: { pkg: '@fontsource/noto-sans-devanagari', subset: 'devanagari' },
  gurmukhi: { pkg: '@fontsource/noto-sans-gurmukhi', subset: 'gurmukhi' },
  gujarati: { pkg: '@fontsource/noto-sans-gujarati', subset: 'gujarati' },
  tamil: { pkg: '@fontsource/noto-sans-tamil', subset: 'tamil' },
  telugu: { pkg: '@fontsource/noto-sans-telugu', subset: 'telugu' },
};

export const ALL_FACES = Object.keys(FACES) as Face[];
export const WEIGHTS: readonly Weight[] = [400, 700];

/** Name under which a face is registered in a PDFKit document. */
export function fontName(face: Face, weight: Weight = 400): string {
  return `noto-${face}-${weight}`;
}

// ---------------------------------------------------------------------------------------------
// Script classification and run splitting (pure; no font files needed)
// ---------------------------------------------------------------------------------------------

type CharClass = Script | 'neutral' | 'inherit';

const COMBINING_MARK = /\p{M}/u;
const NEUTRAL = /[\p{White_Space}\p{P}\p{S}]/u;

/** The script a code point is drawn in, or 'neutral' (spaces, punctuation, symbols) or 'inherit' (combining marks, ZWJ/ZWNJ). */
export function classify(cp: number): CharClass {
  if ((cp >= 0x0900 && cp <= 0x097f) || cp === 0x20b9 || (cp >= 0xa8e0 && cp <= 0xa8ff)) return 'devanagari';
  if (cp >= 0x0a00 && cp <= 0x0a7f) return 'gurmukhi';
  if (cp >= 0x0a80 && cp <= 0x0aff) return 'gujarati';
  if (cp >= 0x0b80 && cp <= 0x0bff) return 'tamil';
  if (cp >= 0x0c00 && cp <= 0x0c7f) return 'telugu';
  if (cp === 0x200c || cp === 0x200d) return 'inherit';
  if (cp < 0x80) return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) ? 'latin' : 'neutral';
  const ch = String.fromCodePoint(cp);
  if (COMBINING_MARK.test(ch)) return 'inherit';
  if (NEUTRAL.test(ch)) return 'neutral';
  return 'latin';
}

/**
 * Splits text into maximal runs of one script. Combining marks and ZWJ/ZWNJ stay in the run they are
 * in; spaces and punctuation between two runs of the same script stay in that run; any other
 * spaces/punctuation (and everything that is not one of the Indic scripts, such as Latin letters and
 * ASCII digits) is Latin.
 */
export function splitScriptRuns(text: string): ScriptRun[] {
  const chars = Array.from(text);
  const classes: CharClass[] = chars.map((c) => classify(c.codePointAt(0) ?? 0));
  // Marks and joiners take the class of what precedes them (a mark after a space goes with the space).
  for (let i = 0; i < classes.length; i++) {
    if (classes[i] === 'inherit') classes[i] = i > 0 ? (classes[i - 1] ?? 'neutral') : 'neutral';
  }
  // A stretch of neutrals belongs to the script on both sides when they agree; otherwise it is Latin.
  for (let i = 0; i < classes.length; ) {
    if (classes[i] !== 'neutral') {
      i++;
      continue;
    }
    let end = i;
    while (end < classes.length && classes[end] === 'neutral') end++;
    const before = i > 0 ? classes[i - 1] : undefined;
    const after = end < classes.length ? classes[end] : undefined;
    const script: Script = before !== undefined && before === after ? (before as Script) : 'latin';
    for (let k = i; k < end; k++) classes[k] = script;
    i = end;
  }
  const runs: ScriptRun[] = [];
  chars.forEach((ch, i) => {
    const script = classes[i] as Script;
    const last = runs[runs.length - 1];
    if (last && last.script === script) last.text += ch;
    else runs.push({ script, text: ch });
  });
  return runs;
}

// ---------------------------------------------------------------------------------------------
// Font files, coverage and font runs
// ---------------------------------------------------------------------------------------------

const requireFromHere = createRequire(import.meta.url);
const packageDirs = new Map<string, string>();
const fontBuffers = new Map<string, Buffer>();
const fonts = new Map<string, Font>();
let fontkitPatched = false;

function packageDir(pkg: string): string {
  let dir = packageDirs.get(pkg);
  if (!dir) {
    dir = dirname(requireFromHere.resolve(`${pkg}/package.json`));
    packageDirs.set(pkg, dir);
  }
  return dir;
}

/** Path of a face's WOFF file (fontsource ships WOFF and WOFF2 subsets; see fontBytes for why WOFF). */
export function fontPath(face: Face, weight: Weight = 400): string {
  const { pkg, subset } = FACES[face];
  const base = pkg.slice('@fontsource/'.length);
  return join(packageDir(pkg), 'files', `${base}-${subset}-${weight}-normal.woff`);
}

/**
 * The face as a plain TrueType (sfnt) font, read and unpacked once per process. fontkit reads WOFF
 * itself, but inflates a table with pure-JavaScript zlib every time it reads from it (the glyph
 * table once per glyph), which made a single invoice take ~250 ms; WOFF2 would need a full Brotli
 * decode for each document instead. Unpacking WOFF with Node's zlib takes about a millisecond.
 */
export function fontBytes(face: Face, weight: Weight = 400): Buffer {
  const key = fontName(face, weight);
  let bytes = fontBuffers.get(key);
  if (!bytes) {
    const path = fontPath(face, weight);
    let woff: Buffer;
    try {
      woff = readFileSync(path);
    } catch (err) {
      throw new Error(`PDF font ${key} is missing (${path}); is ${FACES[face].pkg} installed?`, { cause: err });
    }
    bytes = woffToSfnt(woff);
    fontBuffers.set(key, bytes);
  }
  return bytes;
}

/** Unpacks a WOFF 1.0 font into the TrueType/OpenType font it wraps (WOFF spec, section 5). */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const tag = woff.readUInt32BE(at);
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const checksum = woff.readUInt32BE(at + 16);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('corrupt WOFF table');
    return { tag, checksum, data };
  });
  const padded = (n: number) => (n + 3) & ~3;
  const headerLength = 12 + 16 * numTables;
  const out = Buffer.alloc(headerLength + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 16 * 2 ** entrySelector;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const record = 12 + 16 * i;
    out.writeUInt32BE(t.tag, record);
    out.writeUInt32BE(t.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(t.data.length, record + 12);
    t.data.copy(out, offset);
    offset += padded(t.data.length);
  });
  return out;
}

/**
 * The face as a fontkit font, created once per process and shared by every document (PDFKit takes a
 * fontkit font as a font source; parsing the layout tables again for each document cost ~50 ms).
 */
export function loadFont(face: Face, weight: Weight = 400): Font {
  const key = fontName(face, weight);
  let font = fonts.get(key);
  if (!font) {
    const created = createFont(fontBytes(face, weight));
    if (!('layout' in created)) throw new Error(`PDF font ${key} is a font collection`);
    font = created;
    if (!fontkitPatched) fontkitPatched = patchFontkitNullAnchors(font);
    fonts.set(key, font);
  }
  return font;
}

/** Whether a face has a glyph for a code point. */
export function faceCovers(face: Face, cp: number): boolean {
  return loadFont(face).hasGlyphForCodePoint(cp);
}

const FALLBACK_ORDER: Face[] = ['latin', 'latin-ext', 'devanagari', 'gurmukhi', 'gujarati', 'tamil', 'telugu'];

/** Bounded memo for per-string results that every document asks for again (labels, money). */
class Memo<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string, compute: () => V): V {
    let value = this.map.get(key);
    if (value === undefined) {
      if (this.map.size >= this.max) this.map.clear();
      value = compute();
      this.map.set(key, value);
    }
    return value;
  }
}

const runMemo = new Memo<readonly FontRun[]>(2000);
const widthMemo = new Memo<number>(5000);

/** splitFontRuns, remembered per text (treat the result as read-only). */
export function fontRunsOf(text: string): readonly FontRun[] {
  return runMemo.get(text, () => splitFontRuns(text));
}

/**
 * Advance width in points of text drawn with one face at the given size: fontkit's shaped width, as
 * PDFKit computes it (word by word, split after spaces), remembered per process.
 */
export function runWidth(text: string, face: Face, weight: Weight, size: number): number {
  const unitWidth = widthMemo.get(`${face}|${weight}|${text}`, () => {
    const font = loadFont(face, weight);
    let width = 0;
    for (const word of text.match(/[^ \t]*[ \t]?/g) ?? []) if (word !== '') width += font.layout(word).advanceWidth;
    return width / font.unitsPerEm;
  });
  return unitWidth * size;
}

/**
 * Splits text into runs that each use one face: the script runs of splitScriptRuns, with characters
 * that the run's face lacks (such as a comma between two Hindi words) moved to the first face that
 * has them. Combining marks and joiners never leave their base character's run.
 */
export function splitFontRuns(text: string): FontRun[] {
  const runs: FontRun[] = [];
  const push = (face: Face, ch: string) => {
    const last = runs[runs.length - 1];
    if (last && last.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  };
  for (const run of splitScriptRuns(text)) {
    const primary: Face = run.script;
    let current: Face = primary;
    for (const ch of run.text) {
      const cp = ch.codePointAt(0) ?? 0;
      if (classify(cp) === 'inherit' && runs.length > 0) {
        push(current, ch);
        continue;
      }
      if (faceCovers(primary, cp)) current = primary;
      else current = FALLBACK_ORDER.find((f) => faceCovers(f, cp)) ?? primary;
      push(current, ch);
    }
  }
  return runs;
}

// ---------------------------------------------------------------------------------------------
// fontkit workaround
// ---------------------------------------------------------------------------------------------

interface GposProcessorPrototype {
  applyLookup(this: unknown, lookupType: number, table: unknown): boolean;
  applyAnchor(this: unknown, markRecord: { markAnchor?: unknown } | null | undefined, baseAnchor: unknown, baseGlyphIndex: number): void;
  __nullAnchorsPatched?: true;
}

const NO_ANCHOR = Symbol('no GPOS anchor');

/**
 * fontkit 2.0.4 (used by PDFKit) throws "Cannot read properties of null (reading 'xCoordinate')" on
 * GPOS mark-attachment subtables with NULL anchors, which the OpenType spec allows and Noto Sans
 * Gurmukhi uses (foliojs/fontkit#367, fix proposed in #374). Like HarfBuzz, treat such a subtable as
 * not applying, so later subtables get their chance. Patches fontkit's GPOS processor class (not
 * exported, so reached through a font that has a GPOS table); returns whether it is patched.
 */
export function patchFontkitNullAnchors(fontkitFont: unknown): boolean {
  const engine = (fontkitFont as { _layoutEngine?: { engine?: { GPOSProcessor?: object | null } } } | null)?._layoutEngine?.engine;
  const processor = engine?.GPOSProcessor;
  if (!processor) return false;
  const proto = Object.getPrototypeOf(processor) as Partial<GposProcessorPrototype>;
  if (proto.__nullAnchorsPatched) return true;
  const { applyLookup, applyAnchor } = proto;
  if (typeof applyLookup !== 'function' || typeof applyAnchor !== 'function') return false;
  proto.applyAnchor = function (markRecord, baseAnchor, baseGlyphIndex) {
    if (baseAnchor == null || markRecord?.markAnchor == null) throw NO_ANCHOR;
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  proto.applyLookup = function (lookupType, table) {
    try {
      return applyLookup.call(this, lookupType, table);
    } catch (err) {
      if (err === NO_ANCHOR) return false;
      throw err;
    }
  };
  proto.__nullAnchorsPatched = true;
  return true;
}

const WARM_UP_TEXT: Record<Face, string> = {
  latin: 'Tax invoice 1,999.00 (GSTIN) – Total',
  'latin-ext': 'Śrī Ēk',
  devanagari: 'कर बीजक ट्रैक्टर कुल राशि ₹ महाराष्ट्र',
  gurmukhi: 'ਟੈਕਸ ਇਨਵੌਇਸ ਕੁੱਲ ਪ੍ਰੀਤ ਸਿੰਘ',
  gujarati: 'કર ભરતિયું કુલ રકમ ક્ષ',
  tamil: 'வரி விலைப்பட்டியல் மொத்தம் செல்வம்',
  telugu: 'పన్ను ఇన్వాయిస్ మొత్తం రెడ్డి',
};

/**
 * Loads every face and shapes a little text with each, so that fontkit has decoded the layout tables
 * before the first invoice is drawn (that first render otherwise takes ~200 ms longer). Optional:
 * call it once at start-up, off the request path. A face and weight at a time, each in a task of its
 * own: all at once they held the thread serving HTTP and the device sockets for ~170 ms.
 */
export async function warmUpPdfFonts(): Promise<void> {
  for (const face of ALL_FACES)
    for (const weight of WEIGHTS) {
      await new Promise((resolve) => setImmediate(resolve));
      runWidth(WARM_UP_TEXT[face], face, weight, 10);
    }
}
