import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reads a PDF back for tests with pdfjs (Firefox's PDF reader), entirely offline: no worker
 * thread, no system fonts, nothing fetched. The shop's PDFs embed their fonts, so none are needed.
 */

async function open(pdf: Buffer | Uint8Array): Promise<PDFDocumentProxy> {
  // pdfjs takes over (detaches) the bytes it is given; a copy leaves the caller's buffer intact.
  const data = new Uint8Array(pdf);
  return getDocument({ data, disableFontFace: true, useSystemFonts: false, useWorkerFetch: false, isEvalSupported: false, verbosity: 0 }).promise;
}

/** The text of each page: a line per line of text, pieces of a line joined by a space. */
export async function pdfPageTexts(pdf: Buffer | Uint8Array): Promise<string[]> {
  const document = await open(pdf);
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      pages.push(text.replace(/[ \t]+/g, ' ').replace(/ ?\n ?/g, '\n').trim());
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** All the text of a PDF, page after page. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  return (await pdfPageTexts(pdf)).join('\n');
}

export async function pdfPageCount(pdf: Buffer | Uint8Array): Promise<number> {
  const document = await open(pdf);
  try {
    return document.numPages;
  } finally {
    await document.destroy();
  }
}

/** Each page's size in points, as pdfjs sees it at scale 1. */
export async function pdfPageSizes(pdf: Buffer | Uint8Array): Promise<{ width: number; height: number }[]> {
  const document = await open(pdf);
  try {
    const sizes: { width: number; height: number }[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const { width, height } = (await document.getPage(number)).getViewport({ scale: 1 });
      sizes.push({ width, height });
    }
    return sizes;
  } finally {
    await document.destroy();
  }
}

/** The fonts a PDF embeds, by the names their subsets carry ('Inter-Regular', without the subset's tag). */
export function pdfFontNames(pdf: Buffer | Uint8Array): string[] {
  const names = [...Buffer.from(pdf).toString('latin1').matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((match) => match[1]!);
  return [...new Set(names)].sort();
}
