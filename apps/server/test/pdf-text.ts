// Test support: the text drawn in a pdfkit PDF. pdfkit writes each line as a TJ array of hex
// strings (WinAnsi codes) inside Flate-compressed content streams; this reads exactly that.
import { inflateSync } from 'node:zlib';

const WIN_ANSI_EXTRA: Record<number, string> = { 128: '€', 145: '‘', 146: '’', 147: '“', 148: '”', 150: '–', 151: '—' };

function decodeHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = Number.parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI_EXTRA[code] ?? String.fromCharCode(code);
  }
  return out;
}

/** Every text line of the document, in drawing order. */
export function pdfTextLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hexes = [...(tj[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeHex(h[1] ?? ''));
      lines.push(hexes.join(''));
    }
  }
  return lines;
}

/** The document's text with wrapped lines joined by spaces, for `toContain` checks. */
export const pdfText = (pdf: Buffer): string => pdfTextLines(pdf).join(' ').replace(/\s+/g, ' ');
