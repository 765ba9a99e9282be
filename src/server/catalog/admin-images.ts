import type { Sharp } from 'sharp';
import { DomainError } from '../errors';
import { MAX_PICTURE_PIXELS, MAX_PICTURE_SIDE, uploadMessages, type UploadImageType } from '../../shared/product-admin';
import { PICTURE_FORMATS, PICTURE_WIDTHS, type PictureFormat } from '../../shared/picture-sizes';

/**
 * sharp and its libvips add about 15 MB to a process: they are loaded with the first upload, not
 * at every start of a shop whose pictures rarely change.
 */
let sharpLoading: Promise<typeof import('sharp').default> | undefined;
export function loadSharp() {
  sharpLoading ??= import('sharp').then((library) => library.default);
  return sharpLoading;
}

/** A refused upload: 413 too large, 415 not a JPEG, PNG or WebP we can show. */
export class ImageRefusedError extends DomainError {
  constructor(message: string, status: 413 | 415) {
    super(message, status, 'picture_refused');
  }
}

export interface CheckedPicture {
  contentType: UploadImageType;
  width: number;
  height: number;
}

const TYPE_OF_FORMAT: Partial<Record<string, UploadImageType>> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Warnings (a few stray bytes, as some cameras write) pass; a cut-short or broken file does not. */
const DECODING = { failOn: 'error', limitInputPixels: MAX_PICTURE_PIXELS } as const;
const DECODING_SECONDS = 10;

// Decoding a large picture holds tens of megabytes: one at a time, so a burst of uploads cannot pile them up.
// Making the smaller copies takes its turn in the same line.
let decoding: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = decoding.then(work);
  decoding = turn.catch(() => undefined);
  return turn;
}

/**
 * What the bytes really are, with the picture's size, read from the bytes themselves (never from
 * the Content-Type the browser claims) and checked by decoding every pixel: a header that lies
 * about the size, a cut-short or corrupt file and a picture too big to open are refused with the
 * reason. `declared` is the type the upload says it is, which the bytes must match.
 */
export async function checkPicture(bytes: Buffer, declared: UploadImageType): Promise<CheckedPicture> {
  const sharp = await loadSharp();
  // The header alone, without the pixel cap: a file claiming 50 000 x 50 000 is told its size below.
  const header = await sharp(bytes, { ...DECODING, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header) throw new ImageRefusedError(uploadMessages.damaged(declared), 415);
  const contentType = TYPE_OF_FORMAT[header.format];
  // SVG, GIF, TIFF, AVIF and the like are refused here, before any of them is decoded.
  if (contentType !== declared) throw new ImageRefusedError(uploadMessages.notAnImage(declared), 415);
  const { width, height } = header;
  if (width > MAX_PICTURE_SIDE || height > MAX_PICTURE_SIDE || width * height > MAX_PICTURE_PIXELS) {
    throw new ImageRefusedError(uploadMessages.tooManyPixels(width, height), 415);
  }

  // Every pixel is decoded (off the event loop, in sharp's threads); only the first channel is kept, a quarter of the memory.
  const decoded = await oneAtATime(() =>
    sharp(bytes, DECODING).timeout({ seconds: DECODING_SECONDS }).extractChannel(0).raw().toBuffer({ resolveWithObject: true }),
  ).catch(() => null);
  if (!decoded || decoded.info.width !== width || decoded.info.height !== height) {
    throw new ImageRefusedError(uploadMessages.damaged(declared), 415);
  }
  return { contentType, width, height };
}

/** One smaller copy of an upload, as stored in uploaded_image_variants. */
export interface PictureSize {
  format: PictureFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

/** The widths to make of a picture this wide: each of PICTURE_WIDTHS, but never wider than the picture itself. */
export function pictureWidthsFor(pictureWidth: number): number[] {
  return [...new Set(PICTURE_WIDTHS.map((width) => Math.min(width, pictureWidth)))];
}

/**
 * With AVIF at effort 2, the eight copies of a 12-megapixel photo (a 1.9 MB JPEG) take about 0.8 s
 * on the 2-core machine (sharp works in one thread there); AVIF at sharp's default effort 4 took
 * 4.5 s for its four copies alone, for 8% fewer bytes. Qualities are sharp's defaults, which look
 * alike: AVIF 50, WebP 80.
 */
const ENCODING: Record<PictureFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 80, effort: 4 }),
};
const ENCODING_SECONDS = 30;

/** Why a picture that passed the check has no smaller copies (a timeout on a very busy machine, in practice). */
class PictureSizesError extends ImageRefusedError {
  constructor() {
    super(uploadMessages.notResized, 415);
  }
}

/**
 * The smaller copies of a checked picture, in every width of pictureWidthsFor and every format:
 * turned upright as its EXIF says, in sRGB, with no metadata (no camera details or GPS position
 * reach the shoppers). The picture is decoded once, to the largest width, and each copy is made
 * from that. Runs in sharp's threads, one picture at a time with the checks of uploads.
 */
export async function makePictureSizes(bytes: Buffer): Promise<PictureSize[]> {
  const sharp = await loadSharp();
  try {
    return await oneAtATime(async () => {
      const largest = await sharp(bytes, DECODING)
        .timeout({ seconds: ENCODING_SECONDS })
        .rotate()
        .resize({ width: Math.max(...PICTURE_WIDTHS), withoutEnlargement: true })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width, height, channels } = largest.info;
      const sizes: PictureSize[] = [];
      for (const targetWidth of pictureWidthsFor(width)) {
        for (const format of PICTURE_FORMATS) {
          const resized = sharp(largest.data, { raw: { width, height, channels } }).timeout({ seconds: ENCODING_SECONDS });
          if (targetWidth < width) resized.resize({ width: targetWidth });
          const made = await ENCODING[format](resized).toBuffer({ resolveWithObject: true });
          sizes.push({ format, width: made.info.width, height: made.info.height, bytes: made.data });
        }
      }
      return sizes;
    });
  } catch {
    throw new PictureSizesError();
  }
}
