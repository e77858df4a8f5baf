import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { create as createFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { LayoutBlock, TextRun } from './pdf-layout';
import { breakLongWords, drawableText, ZERO_WIDTH_SPACE } from './pdf-text';

/** One page of the space, laid out: it starts a new sheet of the PDF. */
export interface PdfPage {
  title: string;
  description?: string;
  /** Depth below the export's top page; nests the PDF's bookmarks. */
  depth: number;
  blocks: LayoutBlock[];
}

export interface PdfContent {
  /** The document's title (its metadata). */
  title: string;
  pages: PdfPage[];
  /** Raster images (PNG or JPEG bytes) by file id; an image block whose file is not here shows its caption. */
  images: ReadonlyMap<string, Buffer>;
}

/**
 * pdfkit's `openImage` (decodes an image once; `image()` accepts the result) is missing from its
 * type definitions.
 */
interface ImageOpener {
  openImage(bytes: Buffer): { width: number; height: number };
}

/** Horizontal room a block is drawn in. */
interface Frame {
  x: number;
  width: number;
}

/**
 * DejaVu (shipped by the `dejavu-fonts-ttf` package, embedded as subsets): unlike the 14 standard
 * PDF fonts, which only know Windows-1252, it draws Greek, Cyrillic, Central European letters and
 * most symbols.
 */
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold', italic: 'DejaVuSans-Oblique', boldItalic: 'DejaVuSans-BoldOblique' };
const MONO = {
  regular: 'DejaVuSansMono',
  bold: 'DejaVuSansMono-Bold',
  italic: 'DejaVuSansMono-Oblique',
  boldItalic: 'DejaVuSansMono-BoldOblique',
};
const parsedFonts = new Map<string, PDFKit.Mixins.PDFFontSource>();
/**
 * A font, read and parsed once per process (about 5 MB for the eight faces) and shared by every
 * document: given bytes, pdfkit parses the font again for each PDF, with its layout tables, which
 * was most of the CPU of a small export (about 120 ms, now 35).
 */
function parsedFont(name: string): PDFKit.Mixins.PDFFontSource {
  let font = parsedFonts.get(name);
  if (!font)
    parsedFonts.set(name, (font = createFont(readFileSync(join(FONT_DIR, `${name}.ttf`))) as unknown as PDFKit.Mixins.PDFFontSource));
  return font;
}
const BODY_SIZE = 10.5;
const CODE_SIZE = 9;
const INDENT = 18;
const HEADING_SIZE = { 1: 18, 2: 15, 3: 12.5 } as const;
const HINT_COLOR: Record<string, string> = { info: '#3b82f6', warning: '#f59e0b', danger: '#ef4444', success: '#22c55e' };
const MAX_IMAGE_HEIGHT = 320;
const MARGIN = 56;
/** The narrowest a nested block gets (points): deeper nesting draws at this width. */
const MIN_WIDTH = 120;
/** Pages drawn between two turns of the event loop (a few milliseconds of work). */
const YIELD_EVERY = 5;
/** Longest word of proportional text handed to pdfkit (see `breakLongWords`); longer ones get an invisible break. */
const MAX_WORD = 64;

/** Proportional text as drawn: drawable characters, no word longer than MAX_WORD. */
function prose(text: string): string {
  return breakLongWords(drawableText(text), MAX_WORD, ZERO_WIDTH_SPACE);
}

/** Renders laid-out pages as a PDF (A4, DejaVu fonts, bookmarks per page). */
export function writePdf(content: PdfContent): Promise<Buffer> {
  return new PdfWriter(content).write();
}

class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  /** Sheets added so far: a frame drawn around blocks only closes on the sheet it opened on. */
  private sheet = 0;

  constructor(private readonly content: PdfContent) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      autoFirstPage: false,
      info: { Title: drawableText(content.title), Creator: 'Bindery' },
    });
    for (const name of [...Object.values(FONT), ...Object.values(MONO)]) this.doc.registerFont(name, parsedFont(name));
    this.doc.on('pageAdded', () => this.sheet++);
  }

  async write(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    const outline: PDFKit.PDFOutline[] = [this.doc.outline];
    for (const [i, page] of this.content.pages.entries()) {
      this.doc.addPage();
      // A bookmark nests under the last one of the level above (tree order guarantees it exists).
      const parent = outline[Math.min(page.depth, outline.length - 1)];
      outline.length = Math.min(page.depth, outline.length - 1) + 1;
      outline.push(parent.addItem(drawableText(page.title) || 'Untitled'));
      this.page(page);
      // Drawing is synchronous: let the service answer other requests between pages of a long export.
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.content.pages.length === 0) this.doc.addPage().font(FONT.italic).fontSize(BODY_SIZE).text('This space has no pages.');
    this.doc.end();
    return done;
  }

  private get full(): Frame {
    return { x: this.doc.page.margins.left, width: this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right };
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private page(page: PdfPage): void {
    const frame = this.full;
    this.doc
      .fillColor('black')
      .font(FONT.bold)
      .fontSize(22)
      .text(prose(page.title) || 'Untitled', frame.x, this.doc.y, { width: frame.width });
    if (page.description) {
      this.doc.moveDown(0.3).fillColor('#555555').font(FONT.italic).fontSize(12).text(prose(page.description), { width: frame.width });
    }
    this.doc.fillColor('black').moveDown(0.8);
    this.blocks(page.blocks, frame);
  }

  private blocks(blocks: LayoutBlock[], frame: Frame): void {
    for (const block of blocks) this.block(block, frame);
  }

  private block(block: LayoutBlock, frame: Frame): void {
    switch (block.kind) {
      case 'heading':
        this.doc.moveDown(0.5);
        this.keepRoom(HEADING_SIZE[block.level] * 2.5);
        this.runs(block.runs, frame, HEADING_SIZE[block.level], true);
        this.doc.moveDown(0.3);
        return;
      case 'paragraph':
        return this.paragraph(block.runs, this.indented(frame, block.indent), block.marker);
      case 'code':
        return this.code(block.lines, block.title, this.indented(frame, block.indent));
      case 'quote':
        return this.framed(frame, '#9ca3af', 'bar', (inner) => this.blocks(block.blocks, inner));
      case 'hint':
        return this.framed(frame, HINT_COLOR[block.style] ?? HINT_COLOR.info, 'box', (inner) => {
          this.doc
            .fillColor(HINT_COLOR[block.style] ?? HINT_COLOR.info)
            .font(FONT.bold)
            .fontSize(9);
          this.doc.text(block.style.toUpperCase(), inner.x, this.doc.y, { width: inner.width });
          this.doc.fillColor('black').moveDown(0.2);
          this.blocks(block.blocks, inner);
        });
      case 'table':
        return this.table(block.header, block.rows, frame);
      case 'image':
        return this.image(block.fileId, block.caption, this.indented(frame, block.indent));
      case 'divider': {
        this.doc.moveDown(0.4);
        const y = this.doc.y;
        this.doc
          .moveTo(frame.x, y)
          .lineTo(frame.x + frame.width, y)
          .lineWidth(0.5)
          .strokeColor('#d1d5db')
          .stroke();
        this.doc.moveDown(0.6);
        return;
      }
    }
  }

  private indented(frame: Frame, indent: number): Frame {
    return inset(frame, Math.min(indent, 8) * INDENT, 0);
  }

  private paragraph(runs: TextRun[], frame: Frame, marker?: string): void {
    this.keepRoom(BODY_SIZE * 1.4);
    if (marker) {
      const y = this.doc.y;
      this.doc
        .fillColor('black')
        .font(FONT.regular)
        .fontSize(BODY_SIZE)
        .text(marker, frame.x - INDENT + 2, y, { width: INDENT - 2, lineBreak: false });
      this.doc.y = y;
    }
    if (runs.length === 0 && marker) this.doc.text(' ', frame.x, this.doc.y, { width: frame.width });
    else this.runs(runs, frame, BODY_SIZE, false);
    this.doc.moveDown(0.4);
  }

  /** Styled runs as one flowing text (pdfkit's `continued` text keeps them on shared lines). */
  private runs(runs: TextRun[], frame: Frame, size: number, bold: boolean): void {
    const visible = runs
      .map((r) => ({ ...r, text: r.code ? this.monospace(r.text, frame.width, size * 0.92) : prose(r.text) }))
      .filter((r) => r.text !== '');
    if (visible.length === 0) return;
    visible.forEach((run, i) => {
      const fonts = run.code ? MONO : FONT;
      const isBold = bold || run.bold === true;
      const font = isBold && run.italic ? fonts.boldItalic : isBold ? fonts.bold : run.italic ? fonts.italic : fonts.regular;
      this.doc
        .font(font)
        .fontSize(run.code ? size * 0.92 : size)
        .fillColor(run.link ? '#1d4ed8' : run.code ? '#9f1239' : 'black');
      const options: PDFKit.Mixins.TextOptions = {
        continued: i < visible.length - 1,
        // Set on every run: continued text would otherwise carry the previous run's link and styles on.
        link: run.link ?? null,
        underline: run.link !== undefined,
        strike: run.strike === true,
        lineGap: 1.5,
      };
      if (i === 0) this.doc.text(run.text, frame.x, this.doc.y, { ...options, width: frame.width });
      else this.doc.text(run.text, options);
    });
    this.doc.fillColor('black');
  }

  private code(lines: string[], title: string | undefined, frame: Frame): void {
    const pad = 6;
    const text = this.monospace(lines.join('\n'), frame.width - 2 * pad, CODE_SIZE) || ' ';
    this.doc.font(MONO.regular).fontSize(CODE_SIZE);
    const height = this.doc.heightOfString(text, { width: frame.width - 2 * pad, lineGap: 1 }) + 2 * pad;
    const usable = this.bottom - this.doc.page.margins.top;
    if (title) {
      this.keepRoom(CODE_SIZE * 2 + Math.min(height, usable / 2));
      this.doc.fillColor('#555555').font(FONT.bold).fontSize(9).text(prose(title), frame.x, this.doc.y, { width: frame.width });
      this.doc.moveDown(0.2);
    }
    // A block that fits on a sheet stays whole on a grey ground; a longer one flows over sheets without it.
    if (height <= usable) {
      this.keepRoom(height);
      this.doc.rect(frame.x, this.doc.y, frame.width, height).fill('#f3f4f6');
    }
    const y = this.doc.y;
    this.doc
      .fillColor('#111827')
      .font(MONO.regular)
      .fontSize(CODE_SIZE)
      .text(text, frame.x + pad, y + pad, {
        width: frame.width - 2 * pad,
        lineGap: 1,
      });
    this.doc.fillColor('black');
    if (height <= usable) this.doc.y = y + height;
    this.doc.moveDown(0.6);
  }

  /** Draws `draw` inset, then a left bar or a box around what it drew (on the sheet it ends on). */
  private framed(frame: Frame, color: string, style: 'bar' | 'box', draw: (inner: Frame) => void): void {
    const pad = style === 'box' ? 8 : 10;
    this.keepRoom(BODY_SIZE * 3);
    const sheet = this.sheet;
    const top = this.doc.y;
    this.doc.y += style === 'box' ? pad : 0;
    draw(inset(frame, pad + (style === 'bar' ? 2 : 0), pad));
    const start = this.sheet === sheet ? top : this.doc.page.margins.top;
    const end = this.doc.y + (style === 'box' ? pad / 2 : 0);
    this.doc
      .save()
      .lineWidth(style === 'box' ? 1 : 2.5)
      .strokeColor(color);
    if (style === 'box') this.doc.roundedRect(frame.x, start, frame.width, end - start, 4).stroke();
    else
      this.doc
        .moveTo(frame.x + 1, start)
        .lineTo(frame.x + 1, end)
        .stroke();
    this.doc.restore();
    this.doc.y = end;
    this.doc.moveDown(0.6);
  }

  private table(header: TextRun[][] | undefined, rows: TextRun[][][], frame: Frame): void {
    // A loop, not Math.max(...rows): spreading a table of 100,000 rows overflows the stack.
    const columns = rows.reduce((most, r) => Math.max(most, r.length), header?.length ?? 0);
    if (columns === 0) return;
    const width = frame.width / columns;
    const pad = 4;
    const maxRow = (this.bottom - this.doc.page.margins.top) / 2;
    const drawRow = (cells: TextRun[][], bold: boolean) => {
      const texts = cells.map((cell) => prose(cell.map((r) => r.text).join('')));
      this.doc.font(bold ? FONT.bold : FONT.regular).fontSize(9.5);
      const tallest = texts.reduce((most, t) => Math.max(most, this.doc.heightOfString(t || ' ', { width: width - 2 * pad })), 0);
      const height = Math.min(maxRow, tallest) + 2 * pad;
      this.keepRoom(height);
      const y = this.doc.y;
      texts.forEach((text, i) => {
        this.doc.fillColor('black').text(text, frame.x + i * width + pad, y + pad, {
          width: width - 2 * pad,
          height: height - 2 * pad,
          ellipsis: true,
        });
      });
      this.doc
        .moveTo(frame.x, y + height)
        .lineTo(frame.x + frame.width, y + height)
        .lineWidth(bold ? 1 : 0.5)
        .strokeColor('#d1d5db')
        .stroke();
      this.doc.y = y + height;
    };
    if (header) drawRow(header, true);
    for (const row of rows) drawRow(row, false);
    this.doc.x = frame.x;
    this.doc.moveDown(0.6);
  }

  private image(fileId: string | undefined, caption: string, frame: Frame): void {
    const bytes = fileId !== undefined ? this.content.images.get(fileId) : undefined;
    let drawn = false;
    if (bytes) {
      try {
        const image = (this.doc as unknown as ImageOpener).openImage(bytes);
        // Pixels at 96 dpi become points at 72, scaled down to the frame and a sensible height.
        const scale = Math.min(0.75, frame.width / image.width, MAX_IMAGE_HEIGHT / image.height);
        const [w, h] = [image.width * scale, image.height * scale];
        this.keepRoom(h + 4);
        this.doc.image(image as unknown as Buffer, frame.x, this.doc.y, { width: w, height: h });
        this.doc.y += h + 4;
        drawn = true;
      } catch {
        // Bytes the PDF library cannot read (a corrupt or unusual PNG) fall back to the caption.
      }
    }
    const text = prose(caption) || (drawn ? '' : '[image]');
    if (text) this.doc.fillColor('#555555').font(FONT.italic).fontSize(9).text(text, frame.x, this.doc.y, { width: frame.width });
    this.doc.fillColor('black').moveDown(0.6);
  }

  /**
   * Monospace text as drawn: a word longer than a line is broken where the line is full (the
   * monospace faces have no zero-width space), so pdfkit never chops a long word itself.
   */
  private monospace(text: string, width: number, size: number): string {
    const advance = this.doc.font(MONO.regular).fontSize(size).widthOfString('0');
    return breakLongWords(drawableText(text), width / advance, '\n');
  }

  /** Starts a new sheet when less than `height` is left on this one. */
  private keepRoom(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }
}

/** Room left after moving `left` in and `right` out; deep nesting stops narrowing at MIN_WIDTH. */
function inset(frame: Frame, left: number, right: number): Frame {
  if (frame.width - left - right < MIN_WIDTH) return frame;
  return { x: frame.x + left, width: frame.width - left - right };
}
