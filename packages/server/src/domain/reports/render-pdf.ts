import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { cellText, headerLines, type Report, type ReportTable } from './report.js';

/** A report as a PDF (pdf-lib, pure JavaScript, so it runs in a browser too): A4 landscape, the
 * header, then each table with its column titles repeated on every page. The creation date is
 * the report's, on the brokerage's clock, and nothing else varies: the same report gives the
 * same bytes. */

const page = { width: 842, height: 595, margin: 40 };
const size = { title: 16, heading: 12, text: 9 };
const rowHeight = 14;
const ink = rgb(0.1, 0.1, 0.1);
const rule = rgb(0.6, 0.6, 0.6);
const band = rgb(0.92, 0.93, 0.96);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Rows a PDF draws at most (every table together): a longer report is drawn up to them, then
 * says how many rows it leaves out, which its CSV and JSON forms hold. */
export const maxPdfRows = 2_000;

/** The character a glyph the fonts lack is drawn as. */
export const missingGlyph = '?';

/** Text the standard fonts can draw: each character they lack (an emoji, CJK, a control or
 * direction mark such as U+202E) is drawn as `missingGlyph`, so that a name the document accepts
 * never fails a PDF. The fonts are the standard ones (WinAnsi): no font file is embedded (see
 * docs/decisions/engineering/gw-reports-pdf-library.md). */
function drawable(text: string, font: PDFFont): string {
  const supported = characterSets.get(font) ?? new Set(font.getCharacterSet());
  characterSets.set(font, supported);
  let result = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    result += code >= 0x20 && supported.has(code) ? character : missingGlyph;
  }
  return result;
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/** Text cut to `width` points, with an ellipsis when cut. */
function fitted(whole: string, font: PDFFont, width: number): string {
  const text = drawable(whole, font);
  if (font.widthOfTextAtSize(text, size.text) <= width) return text;
  let cut = text;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, size.text) > width)
    cut = cut.slice(0, -1);
  return `${cut}...`;
}

/** Writes onto pages, opening a new one when the current one is full. */
class Writer {
  private current!: PDFPage;
  private y = 0;

  constructor(
    private readonly document: PDFDocument,
    private readonly fonts: Fonts,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.current = this.document.addPage([page.width, page.height]);
    this.y = page.height - page.margin;
    this.current.drawText(
      drawable(`${this.footer} - page ${this.document.getPageCount()}`, this.fonts.regular),
      {
        x: page.margin,
        y: page.margin / 2,
        size: 7,
        font: this.fonts.regular,
        color: rule,
      },
    );
  }

  /** Room for `height` more points, else a new page; true when a page was opened. */
  private room(height: number): boolean {
    if (this.y - height >= page.margin) return false;
    this.newPage();
    return true;
  }

  line(text: string, fontSize: number, font: PDFFont, gap = 4): void {
    this.room(fontSize + gap);
    this.y -= fontSize + gap;
    this.current.drawText(drawable(text, font), {
      x: page.margin,
      y: this.y,
      size: fontSize,
      font,
      color: ink,
    });
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Rows still to draw before `maxPdfRows`. */
  rowsLeft = maxPdfRows;

  table(table: ReportTable): void {
    const usable = page.width - 2 * page.margin;
    const widths = table.columns.map((column) => column.width * usable);
    const row = (cells: string[], font: PDFFont, shaded: boolean) => {
      if (this.room(rowHeight)) header();
      this.y -= rowHeight;
      if (shaded)
        this.current.drawRectangle({
          x: page.margin,
          y: this.y - 4,
          width: usable,
          height: rowHeight,
          color: band,
        });
      let x = page.margin;
      table.columns.forEach((column, index) => {
        const width = widths[index] ?? 0;
        const text = fitted(cells[index] ?? '', font, width - 6);
        const right = column.kind !== 'text';
        const offset = right ? width - 3 - font.widthOfTextAtSize(text, size.text) : 3;
        this.current.drawText(text, {
          x: x + offset,
          y: this.y,
          size: size.text,
          font,
          color: ink,
        });
        x += width;
      });
    };
    const header = () => {
      row(
        table.columns.map((column) => column.title),
        this.fonts.bold,
        true,
      );
      this.current.drawLine({
        start: { x: page.margin, y: this.y - 4 },
        end: { x: page.width - page.margin, y: this.y - 4 },
        thickness: 0.5,
        color: rule,
      });
    };
    this.room(size.heading + 6 + 2 * rowHeight);
    this.line(table.title, size.heading, this.fonts.bold, 10);
    header();
    if (table.rows.length === 0) this.line(table.empty, size.text, this.fonts.regular, 6);
    const drawn = table.rows.slice(0, Math.max(0, this.rowsLeft));
    this.rowsLeft -= drawn.length;
    for (const values of drawn)
      row(
        table.columns.map((column) => cellText(values[column.key], column.kind)),
        this.fonts.regular,
        false,
      );
    const left = table.rows.length - drawn.length;
    if (left > 0)
      this.line(
        `${left} more rows not drawn: a PDF shows ${maxPdfRows} rows at most; the CSV and JSON forms hold them all`,
        size.text,
        this.fonts.bold,
        6,
      );
    this.space(8);
  }
}

export async function renderPdf(report: Report): Promise<Uint8Array> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const produced = new Date(report.producedAt);
  // Metadata are text strings (UTF-16 where needed): any name fits.
  document.setTitle(
    `${report.title} ${report.accountId} ${report.period.from} to ${report.period.to}`,
  );
  document.setAuthor('Brokerage simulation');
  document.setProducer('pdf-lib');
  document.setCreator('Brokerage reference server');
  document.setCreationDate(produced);
  document.setModificationDate(produced);
  const fonts = {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
  };
  const writer = new Writer(document, fonts, `${report.title} - ${report.accountId}`);
  writer.line(report.title, size.title, fonts.bold, 0);
  writer.space(4);
  for (const text of headerLines(report)) writer.line(text, size.text + 1, fonts.regular);
  writer.space(6);
  for (const table of report.tables) writer.table(table);
  return document.save();
}
