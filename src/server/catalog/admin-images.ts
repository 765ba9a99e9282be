import sharp from 'sharp';
import { DomainError } from '../errors';
import { MAX_PICTURE_PIXELS, MAX_PICTURE_SIDE, uploadMessages, type UploadImageType } from '../../shared/product-admin';

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

