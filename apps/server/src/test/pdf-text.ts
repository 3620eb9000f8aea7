import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** Every stream of a PDF, inflated when it is FlateDecode. */
function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  const pattern = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    try {
      out.push((match[1]?.includes('FlateDecode') ? zlib.inflateSync(raw) : raw).toString('latin1'));
    } catch {
      // A stream this reader cannot inflate (images) holds no text.
    }
    pattern.lastIndex = end;
  }
  return out;
}

const utf16 = (hex: string) =>
  String.fromCodePoint(
    ...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)).filter((c) => c < 0xd800 || c > 0xdfff),
  );

/**
 * The text of a PDF written by pdfkit with an embedded font: glyph ids in the page content are mapped
 * back to characters through the fonts' ToUnicode maps. Enough to check what a report shows without
 * poppler; pdftotext is used instead when it is installed.
 */
export function pdfText(pdf: Buffer): string {
  const tool = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' });
  if (tool.status === 0 || tool.stderr?.includes('pdftotext')) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdftext-'));
    try {
      const file = path.join(dir, 'in.pdf');
      fs.writeFileSync(file, pdf);
      const result = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      if (result.status === 0) return result.stdout;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return embeddedText(pdf);
}

/** The ToUnicode route only (tests call it directly so it is covered where poppler is installed too). */
export function embeddedText(pdf: Buffer): string {
  const all = streams(pdf);
  const glyphs = new Map<string, string>();
  for (const s of all.filter((x) => x.includes('begincmap'))) {
    for (const block of s.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
        glyphs.set((m[1] ?? '').toLowerCase(), utf16(m[2] ?? ''));
      }
    }
    for (const block of s.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
        const first = Number.parseInt(m[1] ?? '0', 16);
        const width = (m[1] ?? '').length;
        [...(m[3] ?? '').matchAll(/<([0-9a-fA-F]+)>/g)].forEach((d, i) => {
          glyphs.set((first + i).toString(16).padStart(width, '0'), utf16(d[1] ?? ''));
        });
      }
    }
  }
  const lines: string[] = [];
  for (const s of all.filter((x) => /\bBT\b/.test(x))) {
    for (const op of s.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
      const hexes =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1] ?? '') : [op[2] ?? ''];
      let line = '';
      for (const hex of hexes) {
        for (const id of hex.match(/.{4}/g) ?? []) line += glyphs.get(id.toLowerCase()) ?? '';
      }
      lines.push(line);
    }
  }
  return lines.join('\n');
}
