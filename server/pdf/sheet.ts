import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedUnicodeFonts } from './fonts';
import { unicodeText, wrap } from './text';

const [W, H, M] = [612, 792, 50];
const WIDTH = W - 2 * M;
const GREY = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.7, 0.7, 0.7);

export interface SheetColumn<T> {
  label: string;
  /** Share of the table's width (the shares of a table add up to 1). */
  width: number;
  value: (row: T) => string;
}

/**
 * A US Letter form of headed sections, label/value fields and tables, in DejaVu
 * Sans (names with accents print as written), paged as it fills, with
 * 'Page n of m' and the form's title in each footer. Shared by the identity
 * printables; `finish()` returns the PDF bytes.
 */
export class Sheet {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly title: string,
  ) {
    this.newPage();
  }

  static async create(title: string, subtitle: string): Promise<Sheet> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(title);
    pdf.setCreator('Careweave');
    pdf.setProducer('Careweave (pdf-lib)');
    const { font, bold } = await embedUnicodeFonts(pdf);
    const sheet = new Sheet(pdf, font, bold, title);
    sheet.line(title, { size: 17, f: bold });
    sheet.y -= 4;
    sheet.line(subtitle, { size: 10, color: GREY });
    sheet.y -= 2;
    sheet.rule();
    return sheet;
  }

  private newPage() {
    this.page = this.pdf.addPage([W, H]);
    this.y = H - M;
  }

  private ensure(height: number) {
    if (this.y - height < M) this.newPage();
  }

  private line(text: string, { size, f = this.font, color = rgb(0, 0, 0), x = M, width = WIDTH }: { size: number; f?: PDFFont; color?: ReturnType<typeof rgb>; x?: number; width?: number }) {
    for (const part of wrap(unicodeText(text, f), f, size, width)) {
      this.ensure(size * 1.4);
      this.page.drawText(part, { x, y: this.y - size, font: f, size, color });
      this.y -= size * 1.4;
    }
  }

  private rule() {
    this.y -= 4;
    this.page.drawLine({ start: { x: M, y: this.y }, end: { x: W - M, y: this.y }, thickness: 0.5, color: RULE });
    this.y -= 8;
  }

  /** A section heading, kept on the page with at least two lines after it. */
  section(heading: string) {
    this.ensure(13 * 1.4 + 40);
    this.y -= 6;
    this.line(heading, { size: 13, f: this.bold });
    this.y -= 2;
  }

  /** Label and value pairs, one a row; an empty value prints as `empty`. */
  fields(pairs: [label: string, value: string | null | undefined][], empty = 'Not on record') {
    const size = 10;
    const lead = 13;
    const labelWidth = 160;
    for (const [label, raw] of pairs) {
      const value = raw && raw.trim() ? raw : empty;
      const labels = wrap(unicodeText(label, this.bold), this.bold, size, labelWidth);
      const values = wrap(unicodeText(value, this.font), this.font, size, WIDTH - labelWidth - 10);
      const lines = Math.max(labels.length, values.length);
      this.ensure(lines * lead + 3);
      for (let i = 0; i < lines; i++) {
        if (labels[i]) this.page.drawText(labels[i], { x: M, y: this.y - size, font: this.bold, size });
        if (values[i]) this.page.drawText(values[i], { x: M + labelWidth + 10, y: this.y - size, font: this.font, size, color: raw && raw.trim() ? rgb(0, 0, 0) : GREY });
        this.y -= lead;
      }
      this.y -= 3;
    }
  }

  /** A table with a header row (repeated on a new page); no rows prints `empty`. */
  table<T>(columns: SheetColumn<T>[], rows: readonly T[], empty: string) {
    const size = 9;
    const lead = 12;
    if (!rows.length) {
      this.line(empty, { size: 10, color: GREY });
      return;
    }
    const xs: number[] = [];
    let x = M;
    for (const c of columns) {
      xs.push(x);
      x += c.width * WIDTH;
    }
    const cell = (i: number) => columns[i].width * WIDTH - 6;
    const header = () => {
      const cells = columns.map((c, i) => wrap(unicodeText(c.label, this.bold), this.bold, size, cell(i)));
      const lines = Math.max(...cells.map((c) => c.length));
      cells.forEach((c, i) => c.forEach((t, l) => this.page.drawText(t, { x: xs[i], y: this.y - size - l * lead, font: this.bold, size })));
      this.y -= lines * lead + 2;
      this.page.drawLine({ start: { x: M, y: this.y + 1 }, end: { x: W - M, y: this.y + 1 }, thickness: 0.5, color: RULE });
      this.y -= 3;
    };
    this.ensure(lead * 3);
    header();
    for (const row of rows) {
      const cells = columns.map((c, i) => wrap(unicodeText(c.value(row) || '', this.font), this.font, size, cell(i)));
      const lines = Math.max(...cells.map((c) => c.length));
      if (this.y - lines * lead < M) {
        this.newPage();
        header();
      }
      cells.forEach((c, i) => c.forEach((t, l) => this.page.drawText(t, { x: xs[i], y: this.y - size - l * lead, font: this.font, size })));
      this.y -= lines * lead + 3;
    }
  }

  /** A closing note in small grey type. */
  note(text: string) {
    this.y -= 8;
    this.line(text, { size: 8.5, color: GREY });
  }

  async finish(): Promise<Uint8Array> {
    const pages = this.pdf.getPages();
    const footer = unicodeText(this.title, this.font);
    pages.forEach((p, i) => {
      p.drawText(footer, { x: M, y: M / 2, font: this.font, size: 8, color: GREY });
      const label = `Page ${i + 1} of ${pages.length}`;
      p.drawText(label, { x: W - M - this.font.widthOfTextAtSize(label, 8), y: M / 2, font: this.font, size: 8, color: GREY });
    });
    return this.pdf.save();
  }
}
