import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedUnicodeFonts } from './fonts';
import { unicodeText, wrap } from './text';

/** US Letter, in points, with the margin every line stays inside (the footer sits in the bottom margin). */
export const PAGE = { width: 612, height: 792, margin: 50 } as const;
const { width: W, height: H, margin: M } = PAGE;
const WIDTH = W - 2 * M;
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.7, 0.7, 0.7);
const ROW_RULE = rgb(0.88, 0.88, 0.88);
/** A block of at most this many lines is not split across pages. */
const KEEP = 6;
/** How far above the top margin a continuation page's running header starts (it sits in the margin). */
const HEADER = 26;

/** One column of a block: its wrapped lines, where and how they are drawn. */
interface Cell {
  lines: string[];
  x: number;
  f: PDFFont;
  color?: ReturnType<typeof rgb>;
  /** Printed again beside the rest of the block when the block goes on to a new page (a field's label). */
  repeat?: boolean;
}

export interface SheetColumn<T> {
  label: string;
  /** Share of the table's width (the shares of a table add up to 1). */
  width: number;
  value: (row: T) => string;
}

/** Who or what a sheet is about: printed under the title, and again at the top of every further page. */
export interface SheetSubject {
  /** The person's name. */
  name: string;
  /** Facts that tell the sheet apart, e.g. 'Birth Date 04/04/2022 - Printed 11/26/2026 08:41 am'. */
  details: string;
}

/**
 * A US Letter form of headed sections, label/value fields and tables, in DejaVu
 * Sans (names with accents print as written), paged as it fills: every further
 * page opens with the person's name and the sheet's details, a section or
 * table that goes on says '(continued)' and repeats its column headings, and
 * each footer has the form's title and 'Page n of m'. Nothing is drawn outside
 * the margins: long values wrap (breaking at hyphens, dots and '@' before
 * cutting a word) and flow onto the next page. Shared by the identity
 * printables and the CIT contact sheet; `finish()` returns the PDF bytes.
 */
export class Sheet {
  private page!: PDFPage;
  private y = 0;
  /** The heading of the section being written, repeated with '(continued)' on a new page. */
  private heading: string | null = null;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly title: string,
    private readonly subject: SheetSubject,
  ) {}

  static async create(title: string, subject: SheetSubject): Promise<Sheet> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(`${title} - ${subject.name}`);
    pdf.setCreator('Careweave');
    pdf.setProducer('Careweave (pdf-lib)');
    const { font, bold } = await embedUnicodeFonts(pdf);
    const sheet = new Sheet(pdf, font, bold, title, subject);
    sheet.page = pdf.addPage([W, H]);
    sheet.y = H - M;
    sheet.line(title, { size: 17, f: bold });
    sheet.y -= 4;
    sheet.line(subject.name, { size: 12, f: bold });
    sheet.line(subject.details, { size: 9.5, color: GREY });
    sheet.y -= 2;
    sheet.rule();
    return sheet;
  }

  /** A new page under the running header: the name on the left, the details on the right (or below when both do not fit). */
  private newPage() {
    this.page = this.pdf.addPage([W, H]);
    const size = 8.5;
    const lead = size * 1.3;
    const name = wrap(unicodeText(this.subject.name, this.bold), this.bold, size, WIDTH);
    const details = unicodeText(this.subject.details, this.font);
    const detailsWidth = this.font.widthOfTextAtSize(details, size);
    let y = H - M + HEADER - 4 - size;
    name.forEach((t, i) => this.page.drawText(t, { x: M, y: y - i * lead, font: this.bold, size }));
    if (name.length === 1 && this.bold.widthOfTextAtSize(name[0], size) + 20 + detailsWidth <= WIDTH) {
      this.page.drawText(details, { x: W - M - detailsWidth, y, font: this.font, size, color: GREY });
    } else {
      y -= (name.length - 1) * lead;
      for (const t of wrap(details, this.font, size, WIDTH)) this.page.drawText(t, { x: M, y: (y -= lead), font: this.font, size, color: GREY });
    }
    y -= 6;
    this.page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, thickness: 0.5, color: RULE });
    this.y = Math.min(H - M, y - 10);
  }

  /** A new page when `height` does not fit on this one; whether it turned the page. */
  private ensure(height: number): boolean {
    if (this.y - height >= M) return false;
    this.newPage();
    return true;
  }

  /** After a page break inside a section: its heading again, marked as going on. */
  private continued() {
    if (this.heading) this.line(`${this.heading} (continued)`, { size: 11, f: this.bold });
    this.y -= 2;
  }

  private line(text: string, { size, f = this.font, color = BLACK }: { size: number; f?: PDFFont; color?: ReturnType<typeof rgb> }) {
    for (const part of wrap(unicodeText(text, f), f, size, WIDTH)) {
      this.ensure(size * 1.4);
      this.page.drawText(part, { x: M, y: this.y - size, font: f, size, color });
      this.y -= size * 1.4;
    }
  }

  private rule() {
    this.y -= 4;
    this.page.drawLine({ start: { x: M, y: this.y }, end: { x: W - M, y: this.y }, thickness: 0.5, color: RULE });
    this.y -= 8;
  }

  /**
   * Lines of cells side by side (a table row, a label and its value): up to
   * KEEP lines stay on one page, a longer block fills this page first (at
   * least two lines) and flows on; `onBreak` runs at the top of each new page.
   */
  private block(cells: Cell[], size: number, lead: number, onBreak: () => void) {
    const count = Math.max(...cells.map((c) => c.lines.length));
    if (this.ensure(Math.min(count, count <= KEEP ? KEEP : 2) * lead)) onBreak();
    // The line the current page started at: a `repeat` cell (a field's label) starts again there.
    let top = 0;
    for (let l = 0; l < count; l++) {
      if (this.ensure(lead)) {
        onBreak();
        top = l;
      }
      for (const c of cells) {
        const text = c.repeat ? c.lines[l - top] : c.lines[l];
        if (text) this.page.drawText(text, { x: c.x, y: this.y - size, font: c.f, size, color: c.color ?? BLACK });
      }
      this.y -= lead;
    }
  }

  /** A section heading, kept on the page with a table's header and first rows (or a few fields) after it. */
  section(heading: string) {
    this.heading = heading;
    this.ensure(13 * 1.4 + 8 + 64);
    this.y -= 6;
    this.line(heading, { size: 13, f: this.bold });
    this.y -= 2;
  }

  /** Label and value pairs, one a row; an empty value prints as `empty`, in grey. */
  fields(pairs: [label: string, value: string | null | undefined][], empty = 'Not on record') {
    const size = 10;
    const labelWidth = 160;
    for (const [label, raw] of pairs) {
      const filled = !!raw && raw.trim() !== '';
      const value = filled ? raw : empty;
      this.block(
        [
          { lines: wrap(unicodeText(label, this.bold), this.bold, size, labelWidth), x: M, f: this.bold, repeat: true },
          { lines: wrap(unicodeText(value, this.font), this.font, size, WIDTH - labelWidth - 10), x: M + labelWidth + 10, f: this.font, color: filled ? BLACK : GREY },
        ],
        size,
        13,
        () => this.continued(),
      );
      this.y -= 3;
    }
  }

  /** A grey line for a section with nothing to show. */
  empty(text: string) {
    this.line(text, { size: 10, color: GREY });
  }

  /** A table with a header row (repeated on a new page, with the section's heading); no rows prints `empty`. */
  table<T>(columns: SheetColumn<T>[], rows: readonly T[], empty: string) {
    const size = 9;
    const lead = 12;
    if (!rows.length) return this.empty(empty);
    const xs: number[] = [];
    let x = M;
    for (const c of columns) {
      xs.push(x);
      x += c.width * WIDTH;
    }
    const cellWidth = (i: number) => columns[i].width * WIDTH - 8;
    const cells = (f: PDFFont, text: (c: SheetColumn<T>) => string) => columns.map((c, i) => ({ lines: wrap(unicodeText(text(c), f), f, size, cellWidth(i)), x: xs[i], f }));
    const headers = cells(this.bold, (c) => c.label);
    const header = () => {
      for (const c of headers) c.lines.forEach((t, l) => this.page.drawText(t, { x: c.x, y: this.y - size - l * lead, font: this.bold, size }));
      this.y -= Math.max(...headers.map((c) => c.lines.length)) * lead + 2;
      this.page.drawLine({ start: { x: M, y: this.y + 1 }, end: { x: W - M, y: this.y + 1 }, thickness: 0.5, color: RULE });
      this.y -= 3;
    };
    const body = rows.map((row) => cells(this.font, (c) => c.value(row) || ''));
    // The header row stays with the first row.
    const headerHeight = Math.max(...headers.map((c) => c.lines.length)) * lead + 5;
    const firstHeight = Math.max(...body[0].map((c) => c.lines.length)) * lead;
    if (this.ensure(headerHeight + Math.min(firstHeight, 3 * lead))) this.continued();
    header();
    for (const [i, row] of body.entries()) {
      if (i > 0) {
        this.page.drawLine({ start: { x: M, y: this.y + 1.5 }, end: { x: W - M, y: this.y + 1.5 }, thickness: 0.4, color: ROW_RULE });
        this.y -= 2;
      }
      this.block(row, size, lead, () => {
        this.continued();
        header();
      });
      this.y -= 2;
    }
  }

  /** A closing note in small grey type. */
  note(text: string) {
    this.y -= 8;
    this.line(text, { size: 8.5, color: GREY });
  }

  async finish(): Promise<Uint8Array> {
    const pages = this.pdf.getPages();
    const label = (i: number) => `Page ${i + 1} of ${pages.length}`;
    const widest = this.font.widthOfTextAtSize(label(pages.length - 1), 8);
    const footer = wrap(unicodeText(this.title, this.font), this.font, 8, WIDTH - widest - 20)[0];
    pages.forEach((p, i) => {
      p.drawText(footer, { x: M, y: M / 2, font: this.font, size: 8, color: GREY });
      p.drawText(label(i), { x: W - M - this.font.widthOfTextAtSize(label(i), 8), y: M / 2, font: this.font, size: 8, color: GREY });
    });
    return this.pdf.save();
  }
}
