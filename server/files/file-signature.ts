/**
 * What a file is, read from its bytes: a name and a declared type are
 * whatever the sender says, the signature is what a browser or viewer will
 * decode. Profile pictures and patient documents both decide here.
 */

export type FileCategory = 'image' | 'pdf' | 'text';

export interface FileKind {
  name: 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'svg' | 'json' | 'text';
  /** How a message names it: "This file is a PDF ...". */
  label: string;
  category: FileCategory;
  /** The Content-Type it is served with. */
  type: string;
  /** The file-name endings that may hold it. */
  extensions: readonly string[];
}

const starts = (b: Buffer, bytes: number[], at = 0) => b.length >= at + bytes.length && bytes.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, text: string, at = 0) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

const BINARY: { kind: FileKind; matches: (head: Buffer) => boolean }[] = [
  { kind: { name: 'pdf', label: 'a PDF', category: 'pdf', type: 'application/pdf', extensions: ['pdf'] }, matches: (b) => ascii(b, '%PDF-') },
  { kind: { name: 'png', label: 'a PNG image', category: 'image', type: 'image/png', extensions: ['png'] }, matches: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { kind: { name: 'jpeg', label: 'a JPEG image', category: 'image', type: 'image/jpeg', extensions: ['jpg', 'jpeg'] }, matches: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  { kind: { name: 'gif', label: 'a GIF image', category: 'image', type: 'image/gif', extensions: ['gif'] }, matches: (b) => ascii(b, 'GIF87a') || ascii(b, 'GIF89a') },
  { kind: { name: 'webp', label: 'a WebP image', category: 'image', type: 'image/webp', extensions: ['webp'] }, matches: (b) => ascii(b, 'RIFF') && ascii(b, 'WEBP', 8) },
];

const SVG: FileKind = { name: 'svg', label: 'an SVG image', category: 'image', type: 'image/svg+xml', extensions: ['svg'] };
const JSON_KIND: FileKind = { name: 'json', label: 'a JSON file', category: 'text', type: 'application/json', extensions: ['json', 'txt', 'text'] };
const TEXT: FileKind = { name: 'text', label: 'a text file', category: 'text', type: 'text/plain; charset=utf-8', extensions: ['txt', 'text', 'csv', 'md', 'log'] };

/** Programs, whatever they are called: Windows (MZ), Linux (ELF), macOS (Mach-O, fat), WebAssembly, scripts (#!). */
const EXECUTABLE = (b: Buffer) =>
  ascii(b, 'MZ') ||
  starts(b, [0x7f, 0x45, 0x4c, 0x46]) ||
  [[0xfe, 0xed, 0xfa, 0xce], [0xfe, 0xed, 0xfa, 0xcf], [0xce, 0xfa, 0xed, 0xfe], [0xcf, 0xfa, 0xed, 0xfe], [0xca, 0xfe, 0xba, 0xbe]].some((m) => starts(b, m)) ||
  starts(b, [0x00, 0x61, 0x73, 0x6d]) ||
  ascii(b, '#!');

/** The kind of a file whose whole content is `bytes` (small files: a profile picture), or undefined. */
export function binaryKind(bytes: Buffer): FileKind | undefined {
  return BINARY.find((k) => k.matches(bytes))?.kind;
}

/** The signature-typed kind a file-name ending stands for (a stored picture's Content-Type). */
export function binaryKindOfExtension(extension: string): FileKind | undefined {
  return BINARY.find((k) => k.kind.extensions.includes(extension))?.kind;
}

export type Verdict = { kind: FileKind } | { refused: 'empty' | 'executable' | 'svg-script' | 'unknown' };

/** How much of the start decides the kind. */
const HEAD_BYTES = 4096;
/** Long enough to hold any of the SVG patterns below across a chunk boundary. */
const CARRY = 64;
/** Anything in an SVG that runs code or pulls in other documents. */
const SVG_ACTIVE = /<script|<foreignobject|<iframe|<embed|<object|<!entity|\son[a-z]+\s*=|javascript:|data:text\/html/;
/** Control characters other than tab, line feed, form feed and carriage return: binary, not text. */
const BINARY_CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f]/;

/**
 * Reads a file chunk by chunk as it streams past (it is never held whole) and
 * then says what it is: a PDF or image by its signature, otherwise UTF-8 text
 * (plain, JSON, or SVG, which must not carry scripts), or refused.
 */
export class FileInspector {
  private head = Buffer.alloc(0);
  private size = 0;
  private binary: FileKind | undefined;
  private decided = false;
  private decoder = new TextDecoder('utf-8', { fatal: true });
  private tail = '';
  private notText = false;
  private active = false;
  private lastChar = '';

  update(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    if (!this.decided && this.head.length >= Math.min(HEAD_BYTES, 16)) this.decide();
    if (this.binary || this.notText) return;
    this.text(chunk, true);
  }

  finish(): Verdict {
    if (this.size === 0) return { refused: 'empty' };
    if (!this.decided) this.decide();
    if (EXECUTABLE(this.head)) return { refused: 'executable' };
    if (this.binary) return { kind: this.binary };
    this.text(Buffer.alloc(0), false);
    if (this.notText) return { refused: 'unknown' };
    const start = this.head.toString('utf8').replace(/^\uFEFF/, '').trimStart();
    if (/^<(\?xml|svg[\s>]|!--|!doctype svg)/i.test(start) && /<svg[\s>]/i.test(start)) return this.active ? { refused: 'svg-script' } : { kind: SVG };
    const end = this.lastChar;
    if ((start.startsWith('{') && end === '}') || (start.startsWith('[') && end === ']')) return { kind: JSON_KIND };
    return { kind: TEXT };
  }

  private decide(): void {
    this.decided = true;
    this.binary = BINARY.find((k) => k.matches(this.head))?.kind;
    if (EXECUTABLE(this.head)) this.notText = true;
  }

  private text(chunk: Buffer, more: boolean): void {
    let decoded: string;
    try {
      decoded = this.decoder.decode(chunk, { stream: more });
    } catch {
      this.notText = true;
      return;
    }
    if (BINARY_CONTROL.test(decoded)) {
      this.notText = true;
      return;
    }
    const trimmed = decoded.trimEnd();
    if (trimmed) this.lastChar = trimmed[trimmed.length - 1];
    const window = (this.tail + decoded).toLowerCase();
    if (SVG_ACTIVE.test(window)) this.active = true;
    this.tail = window.slice(-CARRY);
  }
}
