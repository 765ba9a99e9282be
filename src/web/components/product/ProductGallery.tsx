import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/Button';
import type { ProductImage as ProductImageData } from '../../../shared/product';
import { PICTURE_SIZES } from '../../../shared/picture-sizes';
import { ProductImage } from '../ui/ProductImage';

interface GalleryImage {
  id: string;
  url: string | null;
  altText: string;
  widths?: readonly number[];
}

interface ProductGalleryProps {
  images: readonly ProductImageData[];
  /** Used when the product has no pictures, and as alt text for pictures without one. */
  fallbackAlt: string;
}

const arrowClasses = 'absolute top-1/2 -translate-y-1/2 shadow-sm';

/**
 * The main picture (the page's LCP element) with previous/next arrows that wrap, and thumbnails. On
 * a phone the picture is wider than tall and the arrows alone step through the pictures, so that
 * the price and Add to Cart stay on the first screen.
 */
export function ProductGallery({ images, fallbackAlt }: ProductGalleryProps) {
  const pictures: GalleryImage[] =
    images.length > 0
      ? images.map((img) => ({ id: img.id, url: img.url, altText: img.altText || fallbackAlt, widths: img.widths }))
      : [{ id: 'placeholder', url: null, altText: fallbackAlt }];
  const [index, setIndex] = useState(0);
  const count = pictures.length;
  const active = Math.min(index, count - 1);
  const current = pictures[active]!;
  const step = (delta: 1 | -1) => setIndex((active + delta + count) % count);

  return (
    <section aria-label="Product images" className="flex flex-col gap-3" data-testid="product-gallery">
      <div className="relative aspect-[16/10] overflow-hidden rounded-xl border border-slate-200 bg-slate-50 sm:aspect-[4/3]">
        <ProductImage
          key={current.id}
          src={current.url}
          widths={current.widths}
          sizes={PICTURE_SIZES.productPage}
          alt={current.altText}
          loading="eager"
          fetchPriority={active === 0 ? 'high' : undefined}
          width={800}
          height={600}
          className="h-full w-full object-contain p-6 sm:p-10"
        />
        {count > 1 && (
          <>
            <Button
              variant="outline"
              size="icon"
              className={cn(arrowClasses, 'left-3')}
              aria-label="Previous image"
              onClick={() => step(-1)}
              data-testid="gallery-previous"
            >
              <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            </Button>
            <Button
              variant="outline"
              size="icon"
              className={cn(arrowClasses, 'right-3')}
              aria-label="Next image"
              onClick={() => step(1)}
              data-testid="gallery-next"
            >
              <ChevronRight className="h-5 w-5" aria-hidden="true" />
            </Button>
            <p className="sr-only" aria-live="polite" data-testid="gallery-position">
              Image {active + 1} of {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="hidden flex-wrap gap-3 sm:flex" aria-label="Thumbnails">
          {pictures.map((picture, i) => (
            <li key={picture.id}>
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-current={i === active ? 'true' : undefined}
                onClick={() => setIndex(i)}
                className={cn(
                  'block h-16 w-20 overflow-hidden rounded-md border-2 bg-slate-50 p-1 transition-colors sm:h-20 sm:w-24',
                  i === active ? 'border-brand-700' : 'border-slate-200 hover:border-slate-400',
                )}
                data-testid="gallery-thumbnail"
              >
                <ProductImage
                  src={picture.url}
                  widths={picture.widths}
                  sizes={PICTURE_SIZES.galleryThumbnail}
                  alt=""
                  loading="eager"
                  width={96}
                  height={72}
                  className="h-full w-full object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
