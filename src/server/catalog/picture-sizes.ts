import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { uploadedImages, uploadedImageVariants } from '../db/schema';
import { isUuid } from '../http/ids';
import { PICTURE_FORMATS, type PictureFormat } from '../../shared/picture-sizes';
import { makePictureSizes, type PictureSize } from './admin-images';
import { bumpCatalogueVersion } from './catalogue-version';

/** The database or a transaction. */
type Reader = Pick<Database, 'select'>;
type Writer = Pick<Database, 'insert'>;

/** Where an uploaded picture is served; its id is the uploaded_images row. */
export const UPLOAD_URL_PREFIX = '/media/uploads/';

/** The upload a picture's url names, or undefined for a picture that is not an upload (a seeded SVG flag). */
export function uploadIdOf(url: string): string | undefined {
  const id = url.startsWith(UPLOAD_URL_PREFIX) ? url.slice(UPLOAD_URL_PREFIX.length) : undefined;
  return id !== undefined && isUuid(id) ? id : undefined;
}

/**
 * The widths each uploaded picture is served at (ProductImage.widths), by the picture's url, from
 * smallest: only widths made in every format, so a srcset never names a copy that is not there.
 * Pictures without copies are left out.
 */
export async function pictureWidthsOf(db: Reader, urls: readonly (string | null)[]): Promise<Map<string, number[]>> {
  const ids = [...new Set(urls.flatMap((url) => (url === null ? [] : (uploadIdOf(url) ?? []))))];
  const widths = new Map<string, number[]>();
  if (ids.length === 0) return widths;
  const rows = await db
    .select({ imageId: uploadedImageVariants.imageId, width: uploadedImageVariants.width })
    .from(uploadedImageVariants)
    .where(inArray(uploadedImageVariants.imageId, ids))
    .groupBy(uploadedImageVariants.imageId, uploadedImageVariants.width)
    .having(sql`count(*) = ${PICTURE_FORMATS.length}`)
    .orderBy(asc(uploadedImageVariants.width));
  for (const { imageId, width } of rows) {
    const url = `${UPLOAD_URL_PREFIX}${imageId}`;
    widths.set(url, [...(widths.get(url) ?? []), width]);
  }
  return widths;
}

/** Stores an upload's copies; a copy already there (made by another process meanwhile) is kept. */
export async function storePictureSizes(tx: Writer, imageId: string, sizes: readonly PictureSize[]): Promise<void> {
  if (sizes.length === 0) return;
  await tx
    .insert(uploadedImageVariants)
    .values(sizes.map((size) => ({ imageId, ...size, byteSize: size.bytes.length })))
    .onConflictDoNothing();
}

/** One copy's bytes for /media/uploads/:id/:width.:format; null when there is no such picture or copy. */
export async function readPictureSize(db: Reader, id: string, width: number, format: PictureFormat): Promise<Buffer | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ bytes: uploadedImageVariants.bytes })
    .from(uploadedImageVariants)
    .where(and(eq(uploadedImageVariants.imageId, id), eq(uploadedImageVariants.format, format), eq(uploadedImageVariants.width, width)));
  return row?.bytes ?? null;
}

interface MissingSizesDeps {
  db: Database;
  /** Lets this process show the new srcsets at once; the version bump tells the other processes. */
  catalogueChanged: () => void;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  /** Asked before each picture: the shop is shutting down. */
  stopped?: () => boolean;
}

/** The upload has no copy yet. */
function withoutSizes(db: Reader) {
  return notExists(db.select({ one: sql`1` }).from(uploadedImageVariants).where(eq(uploadedImageVariants.imageId, uploadedImages.id)));
}

/** Uploads without any copy: made before the shop made copies, in practice. */
async function uploadsWithoutSizes(db: Reader): Promise<string[]> {
  const rows = await db.select({ id: uploadedImages.id }).from(uploadedImages).where(withoutSizes(db));
  return rows.map((row) => row.id);
}

/**
 * Makes the copies of every upload that has none, one picture at a time, each stored in its own
 * short transaction with a catalogue version bump, so every process's product list gains that
 * picture's srcset; until then the picture is served as it is, as before. The pictures are taken
 * in a random order and each is looked at again just before it is made, so several processes
 * starting together mostly share the work rather than repeat it. A picture that cannot be made is
 * logged and left as it is (tried again at the next start). Returns how many pictures got copies.
 */
export async function makeMissingPictureSizes({ db, catalogueChanged, log, stopped = () => false }: MissingSizesDeps): Promise<number> {
  const ids = await uploadsWithoutSizes(db);
  if (ids.length === 0) return 0;
  log.info({ pictures: ids.length }, 'making the smaller copies of pictures uploaded before the shop made them');
  let made = 0;
  for (const id of shuffled(ids)) {
    if (stopped()) break;
    const [upload] = await db
      .select({ bytes: uploadedImages.bytes })
      .from(uploadedImages)
      .where(and(eq(uploadedImages.id, id), withoutSizes(db)));
    if (!upload) continue;
    try {
      const sizes = await makePictureSizes(upload.bytes);
      await db.transaction(async (tx) => {
        // Deleted meanwhile: nothing to add to.
        const [still] = await tx.select({ id: uploadedImages.id }).from(uploadedImages).where(eq(uploadedImages.id, id)).for('share');
        if (!still) return;
        await storePictureSizes(tx, id, sizes);
        await bumpCatalogueVersion(tx);
      });
      catalogueChanged();
      made += 1;
    } catch (err) {
      log.warn({ err, imageId: id }, 'could not make the smaller copies of an uploaded picture; it is served as it is');
    }
  }
  log.info({ pictures: made }, 'made the smaller copies of older pictures');
  return made;
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export interface MissingSizesJob {
  /** How many pictures got their copies; settles when the job is done or stopped. */
  done: Promise<number>;
  stop(): Promise<void>;
}

type JobDeps = Omit<MissingSizesDeps, 'stopped' | 'log'> & { log: MissingSizesDeps['log'] & { error: (obj: object, msg: string) => void } };

/** Runs makeMissingPictureSizes once, in the background of a starting shop; a failure is logged. */
export function startMakingMissingPictureSizes(deps: JobDeps): MissingSizesJob {
  let stopping = false;
  const done = makeMissingPictureSizes({ ...deps, stopped: () => stopping }).catch((err: unknown) => {
    deps.log.error({ err }, 'could not look for pictures without smaller copies');
    return 0;
  });
  return {
    done,
    async stop() {
      stopping = true;
      await done;
    },
  };
}
