import type { Page } from 'playwright-core';

/**
 * What a screen at 360 px must not do to its words and controls, measured in the page. Each check
 * returns what it found wrong, as lines a person can act on ('[]': nothing).
 */

/**
 * Words broken inside themselves: for every word of every visible text (split at spaces, and after
 * a hyphen between letters: 'pre-' / 'reminder' is a break, as in print), a Range over it; its
 * rectangles on more than one line while the word is narrower than the room the layout could give
 * it is a fault. That room is the nearest box that is neither inline nor a flex or grid item (an item
 * is squeezed by its neighbours, and the layout must make room rather than cut the word): a word
 * longer than that whole box may still break, as a last resort. The same test runs over what must
 * stay whole on one line: an identifier (VIN, invoice number, GSTIN: capitals and digits, hyphens
 * and slashes included), a phone number, a figure and its unit, 'Max 28 °C'. A clock time may wrap
 * before its am/pm like any two words: Intl writes a plain space there (Chromium took back the no-break
 * space ICU 72 brought, which broke pages that read times), and the screens keep Intl's text.
 */
export function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const PHRASES = [
      /(?<![\w/-])(?=[\w/-]*\d)(?=[\w/-]*[A-Z])[A-Z0-9][\w/-]{6,}[A-Z0-9](?![\w/-])/g,
      /(?:\+91[ \u00a0])?\d{5}[ \u00a0]\d{5}/g,
      /\d[\d,.:]*[ \u00a0](?:h|min|km|km\/h|°C|V|L|%|RPM)(?![\p{L}\p{N}])/gu,
      /(?:Min|Max)[ \u00a0]-?\d+/g,
    ];
    const SKIP = new Set(['SCRIPT', 'STYLE', 'OPTION', 'SELECT', 'TEXTAREA', 'TITLE']);
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const climbs = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.position === 'absolute' || style.position === 'fixed' || el.tagName === 'DIALOG') return false;
      if (/^(inline|contents|table-)/.test(style.display)) return true;
      const parent = el.parentElement;
      return parent !== null && /flex|grid/.test(getComputedStyle(parent).display);
    };
    const room = (from: Element) => {
      let box = from;
      while (box.parentElement && box !== document.body && climbs(box)) box = box.parentElement;
      const style = getComputedStyle(box);
      return { box, width: box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const lines = (range: Range) => {
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5);
      const first = rects[0];
      if (!first) return 0;
      const tops: number[] = [];
      for (const r of rects) if (!tops.some((t) => Math.abs(t - r.top) < first.height / 2)) tops.push(r.top);
      return tops.length;
    };
    const broken: { parent: Element; text: string; count: number }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (!parent || !text.trim() || SKIP.has(parent.tagName) || parent.closest('.visually-hidden, .leaflet-container, [hidden]') || !shown(parent)) continue;
      const spans = new Map<string, [number, number]>();
      const add = (m: RegExpExecArray | RegExpMatchArray) => spans.set(`${m.index}:${m[0].length}`, [m.index ?? 0, (m.index ?? 0) + m[0].length]);
      for (const m of text.matchAll(/\S+?(?:(?<=\p{L}-)(?=\p{L})|(?=\s)|$)/gu)) add(m);
      for (const re of PHRASES) for (const m of text.matchAll(re)) add(m);
      for (const [start, end] of spans.values()) {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, end);
        const count = lines(range);
        if (count > 1) broken.push({ parent, text: text.slice(start, end), count });
      }
    }
    // Measured after the walk: a probe added to the page would move what is still to be walked.
    const problems: string[] = [];
    for (const { parent, text, count } of broken) {
      const probe = document.createElement('span');
      probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;left:0;top:0';
      probe.textContent = text;
      parent.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      const { box, width: space } = room(parent);
      if (width < space - 0.5)
        problems.push(`"${text}" broken over ${count} lines in ${name(parent)} (${Math.round(width)} px wide; ${name(box)} has ${Math.round(space)} px)`);
    }
    return problems;
  });
}

/**
 * Controls too small for a finger (48 × 48 px): a radio or checkbox is hit through its label, which
 * spans its row; a link inside a sentence is read with it, not aimed at.
 */
export function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.visually-hidden');
    };
    const problems: string[] = [];
    for (const el of document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]')) {
      if (el.closest('.leaflet-control-attribution')) continue;
      const input = el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type) ? el : null;
      const target = input ? ([...(input.labels ?? [])].find(shown) ?? input) : el;
      if (!shown(target)) continue;
      const inSentence = getComputedStyle(el).display === 'inline' && (el.parentElement?.textContent ?? '').trim() !== (el.textContent ?? '').trim();
      const box = target.getBoundingClientRect();
      if (!inSentence && (box.width < 47.5 || box.height < 47.5))
        problems.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}" is ${Math.round(box.width)} × ${Math.round(box.height)} px`,
        );
    }
    return problems;
  });
}

/**
 * Boxes squeezed by the text beside them: an icon drawn out of its viewBox's proportions, a radio or
 * checkbox not square or not the size of the others of its group, a switch not at the end of its row.
 */
export function squeezedBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const near = (el: Element) => (el.closest('button, a, label, li, p, h2, h3')?.textContent ?? '').trim().slice(0, 30);
    for (const svg of document.querySelectorAll('svg[viewBox]')) {
      if (!shown(svg) || svg.closest('.leaflet-container') || svg.getAttribute('preserveAspectRatio') === 'none') continue;
      const [, , w, h] = (svg.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
      const box = svg.getBoundingClientRect();
      if (w && h && Math.abs(box.width / box.height - w / h) > 0.02)
        problems.push(`icon by "${near(svg)}" drawn ${box.width.toFixed(1)} × ${box.height.toFixed(1)} px (its drawing is ${w} × ${h})`);
    }
    const groups = new Map<string, { el: HTMLInputElement; w: number; h: number }[]>();
    for (const el of document.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"]')) {
      if (!shown(el) || el.getAttribute('role') === 'switch') continue;
      const box = el.getBoundingClientRect();
      if (Math.abs(box.width - box.height) > 0.5) problems.push(`${el.type} "${near(el)}" is ${box.width.toFixed(1)} × ${box.height.toFixed(1)} px`);
      const key = el.name || (el.closest('fieldset, ul, form')?.className ?? '');
      groups.set(key, [...(groups.get(key) ?? []), { el, w: box.width, h: box.height }]);
    }
    for (const [key, boxes] of groups) {
      const widths = boxes.map((b) => b.w);
      if (Math.max(...widths) - Math.min(...widths) > 0.5)
        problems.push(`the ${key} group's boxes are ${Math.min(...widths).toFixed(1)} to ${Math.max(...widths).toFixed(1)} px wide`);
    }
    for (const el of document.querySelectorAll('input[role="switch"]')) {
      const row = el.closest('label, .switch-row');
      if (!row || !shown(el)) continue;
      const style = getComputedStyle(row);
      const end = row.getBoundingClientRect().right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
      if (el.getBoundingClientRect().right < end - 1) problems.push(`the switch of "${near(el)}" is not at the end of its row`);
    }
    return problems;
  });
}

/**
 * Blocks with an edge (a border, their own background, a map; 36 px tall or more) that touch the next block under them:
 * less than 6 px between them. Compared with the next sibling of the block or, if it is the last
 * of its parent, of the nearest ancestor (up to an ancestor with an edge of its own, whose padding
 * is the room).
 */
export function touchingBlocks(page: Page, scope = 'main'): Promise<string[]> {
  return page.evaluate((scope) => {
    const problems: string[] = [];
    const root = document.querySelector(scope);
    if (!root) return problems;
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const edged = (el: Element) => {
      const s = getComputedStyle(el);
      // A tag or a pill beside a line of text is not a block.
      if (el.getBoundingClientRect().height < 36) return false;
      if (el.classList.contains('map')) return true;
      if (/^inline/.test(s.display) && !/block|flex|grid/.test(s.display)) return false;
      if (['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) return parseFloat(s.borderTopWidth) > 0;
      // A box: its own background, or a border on three sides or more (a rule under a list row is a divider, not a box).
      const sides = [s.borderTopWidth, s.borderRightWidth, s.borderBottomWidth, s.borderLeftWidth].filter((w) => parseFloat(w) > 0).length;
      return sides >= 3 || (s.backgroundColor !== 'rgba(0, 0, 0, 0)' && s.backgroundColor !== 'transparent');
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 25)}"`;
    const floating = (el: Element) => ['absolute', 'fixed', 'sticky'].includes(getComputedStyle(el).position);
    for (const el of root.querySelectorAll('*')) {
      if (!shown(el) || !edged(el) || floating(el) || el.closest('.leaflet-container, .rdp-root, .visually-hidden, .segmented, dialog')) continue;
      let from: Element | null = el;
      let next: Element | null = null;
      while (from && from !== root && !next) {
        next = from.nextElementSibling;
        while (next && (!shown(next) || floating(next))) next = next.nextElementSibling;
        if (!next) {
          from = from.parentElement;
          if (from && edged(from)) break;
        }
      }
      if (!next) continue;
      const a = el.getBoundingClientRect();
      // Without an edge of its own, the next block begins where its first line of text does (a link
      // 48 px tall for a finger shows its words in the middle).
      let b: { top: number; left: number; right: number } = next.getBoundingClientRect();
      if (!edged(next)) {
        const range = document.createRange();
        range.selectNodeContents(next);
        const lines = [...range.getClientRects()].filter((r) => r.width > 0);
        if (lines.length) b = { top: Math.min(...lines.map((r) => r.top)), left: b.left, right: b.right };
      }
      const below = b.top >= a.bottom - 1;
      const overlaps = b.left < a.right - 1 && b.right > a.left + 1;
      if (below && overlaps && b.top - a.bottom < 6) problems.push(`${name(el)} touches ${name(next)} (${Math.round(b.top - a.bottom)} px apart)`);
    }
    return problems;
  }, scope);
}

/**
 * Boxes whose content sticks out past their edge (a word wider than the room a flex row left it, a
 * value set on one line): the innermost such box, so one fault is told once. Boxes that clip or
 * scroll their content on purpose, form controls and maps are left out.
 */
export function overflowingBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const flagged: Element[] = [];
    for (const el of document.querySelectorAll('main *, dialog[open] *, .tab-bar *')) {
      const s = getComputedStyle(el);
      if (/^inline/.test(s.display) && !/flex|grid|block/.test(s.display)) continue;
      if (s.overflowX !== 'visible' || s.visibility === 'hidden' || ['INPUT', 'SELECT', 'TEXTAREA', 'svg'].includes(el.tagName)) continue;
      if (el.closest('.leaflet-container, .visually-hidden, table.visually-hidden')) continue;
      if (el.getBoundingClientRect().width === 0) continue;
      // A badge laid over an icon's corner sticks out on purpose.
      if ([...el.children].some((c) => ['absolute', 'fixed'].includes(getComputedStyle(c).position))) continue;
      if (el.scrollWidth > el.clientWidth + 1) flagged.push(el);
    }
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    return flagged
      .filter((el) => !flagged.some((other) => other !== el && el.contains(other)))
      .map((el) => `${name(el)}: its content is ${el.scrollWidth} px in ${el.clientWidth} px`);
  });
}
