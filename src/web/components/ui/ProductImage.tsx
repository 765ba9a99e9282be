import { useEffect, useRef, useState } from 'react';
import { ImageOff } from 'lucide-react';
import placeholderUrl from './placeholder.svg';
import { cn } from '../../lib/cn';
import { PICTURE_FORMAT_TYPES, PICTURE_FORMATS, pictureSrcSet } from '../../../shared/picture-sizes';

/** Shown when a product has no image at all (spec: placeholder image path, 400 x 400). */
export const PLACEHOLDER_IMAGE = placeholderUrl;

/** Spec section 2: product images load when they come within 50 px of the viewport. */
const LAZY_IMAGE_ROOT_MARGIN = '50px';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Lazy by default; the first pictures of a page (above the fold) pass 'eager'. */
  loading?: 'lazy' | 'eager';
  /** 'high' for the page's largest picture (the LCP element). */
  fetchPriority?: 'high' | 'low' | 'auto';
  width?: number;
  height?: number;
  /** The upload's smaller copies (ProductImage.widths): the browser picks an AVIF or WebP copy for the place. */
  widths?: readonly number[];
  /** How wide the place shows the picture (PICTURE_SIZES), for the browser's pick among the copies. */
  sizes?: string;
}

/**
 * A product picture. Lazy pictures get their real address only once they are within 50 px of the
 * viewport; a missing picture shows the placeholder; one that fails to load says 'Image unavailable'.
 * An upload with smaller copies is a <picture>: AVIF, then WebP, each with a srcset of its widths,
 * and the original in the <img> for a browser that shows neither. The srcsets, like the address,
 * are set only once the picture is shown.
 */
export function ProductImage({
  src,
  alt,
  className,
  loading = 'lazy',
  fetchPriority,
  width = 400,
  height = 300,
  widths,
  sizes,
}: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // Drawn on the server too (decision 0032), where nothing is in view: the same first state in both.
  const [inView, setInView] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);
  const url = src || PLACEHOLDER_IMAGE;
  const show = inView || loading === 'eager';

  useEffect(() => {
    const element = imgRef.current;
    if (show || !element) return;
    if (!('IntersectionObserver' in window)) {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_IMAGE_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [show]);

  // A picture of the page the server drew may have failed before the app took the page over, its
  // error event fired with nobody listening: a loaded picture decodes, a broken one does not.
  useEffect(() => {
    const element = imgRef.current;
    if (!element?.getAttribute('src') || !element.complete || element.naturalWidth > 0) return;
    element.decode().catch(() => setFailedSrc(element.getAttribute('data-src')));
  }, []);

  if (failedSrc === url) {
    return (
      <div
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        data-testid="image-unavailable"
        className={cn('flex flex-col items-center justify-center gap-1 bg-slate-100 text-slate-600', className)}
      >
        <ImageOff className="h-6 w-6" aria-hidden="true" />
        <span className="text-xs">Image unavailable</span>
      </div>
    );
  }
  const img = (
    <img
      ref={imgRef}
      src={show ? url : undefined}
      data-src={url}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={loading === 'eager' ? 'auto' : 'async'}
      // Until it is near the viewport the picture has no address: keep its box, hide the alt text.
      className={cn(className, !show && 'invisible')}
      onError={() => setFailedSrc(url)}
    />
  );
  if (!src || !widths?.length) return img;
  // display: contents, so the <img> sits in the layout exactly as it would without the <picture>.
  return (
    <picture className="contents">
      {show &&
        PICTURE_FORMATS.map((format) => (
          <source key={format} type={PICTURE_FORMAT_TYPES[format]} srcSet={pictureSrcSet(src, widths, format)} sizes={sizes} />
        ))}
      {img}
    </picture>
  );
}
