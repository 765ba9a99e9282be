import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { cn } from '../../lib/cn';

/** Shown when a product has no image at all (spec: placeholder image path, 400 x 400). */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Lazy by default; the first picture of a page passes 'eager'. */
  loading?: 'lazy' | 'eager';
  width?: number;
  height?: number;
}

/** A product picture with a placeholder when missing and 'Image unavailable' when it fails to load. */
export function ProductImage({ src, alt, className, loading = 'lazy', width = 400, height = 300 }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const url = src || PLACEHOLDER_IMAGE;
  if (failedSrc === url) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn('flex flex-col items-center justify-center gap-1 bg-slate-100 text-slate-500', className)}
      >
        <ImageOff className="h-6 w-6" aria-hidden="true" />
        <span className="text-xs">Image unavailable</span>
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      className={className}
      onError={() => setFailedSrc(url)}
    />
  );
}
