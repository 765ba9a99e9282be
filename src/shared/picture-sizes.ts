/**
 * Smaller copies of the uploaded pictures (decision 0031): each upload is also served at a few
 * widths in AVIF and WebP, at `{picture's url}/{width}.{format}`, and the browser picks one with
 * srcset and sizes. The seeded SVG flags have none: they are sharp at any size.
 */

/** The widths made of every upload, in pixels; a narrower upload is made at its own width instead of the wider ones. */
export const PICTURE_WIDTHS = [320, 640, 960, 1280] as const;

/** Best first: the order of the <source> elements, as the browser takes the first type it can show. */
export const PICTURE_FORMATS = ['avif', 'webp'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

export const PICTURE_FORMAT_TYPES: Record<PictureFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** Where one copy is served: '/media/uploads/{id}/640.avif'. */
function pictureSizeUrl(url: string, width: number, format: PictureFormat): string {
  return `${url}/${width}.${format}`;
}

/** The srcset of one format: '/media/uploads/{id}/320.avif 320w, /media/uploads/{id}/640.avif 640w'. */
export function pictureSrcSet(url: string, widths: readonly number[], format: PictureFormat): string {
  return widths.map((width) => `${pictureSizeUrl(url, width, format)} ${width}w`).join(', ');
}

/**
 * How wide each place shows a picture, for `sizes`, from the layouts' own classes (the pages are
 * at most 1280 px wide). The server's preload of a page's first picture uses the same text, so
 * the browser fetches the copy it preloaded.
 */
export const PICTURE_SIZES = {
  /** The shop grid: two cards a row, three from 1024 px, four from 1280 px. */
  card: '(min-width: 1280px) 300px, (min-width: 1024px) 33vw, 50vw',
  /** Best sellers on the home page: one a row, two from 640 px, three from 1024 px. */
  bestSeller: '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  /** The product page's main picture: the whole width on a phone, half the page from 768 px. */
  productPage: '(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw',
  /** The product page's thumbnails, 80 and 96 px wide. */
  galleryThumbnail: '96px',
  /** A cart line's picture, 80 px wide. */
  cartThumbnail: '80px',
  /** A line of the checkout's order summary, 56 px wide. */
  summaryThumbnail: '56px',
} as const;
