import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductGallery } from './ProductGallery';
import { PLACEHOLDER_IMAGE } from '../ui/ProductImage';
import { clickAgain, shopper } from '../../testing/shopper-events';
import type { ProductImage } from '../../../shared/product';

const pictures: ProductImage[] = [
  { id: 'front', url: '/flags/za-front.svg', altText: 'Flag of South Africa, flying' },
  { id: 'folded', url: '/flags/za-folded.svg', altText: '' },
  { id: 'stitching', url: '/flags/za-stitching.svg', altText: 'The stitched hem' },
];

const gallery = () => screen.getByRole('region', { name: 'Product images' });
/** The main picture: the first image of the gallery, before the thumbnails. */
const mainPicture = () => within(gallery()).getAllByRole('img')[0]!;
const position = () => screen.getByTestId('gallery-position').textContent;

describe('the product gallery', () => {
  it('shows the first picture, eager and first to load, and says where the shopper is among the pictures', () => {
    render(<ProductGallery images={pictures} fallbackAlt="Flag of South Africa" />);
    expect(mainPicture().getAttribute('alt')).toBe('Flag of South Africa, flying');
    expect(mainPicture().getAttribute('src')).toBe('/flags/za-front.svg');
    expect(mainPicture().getAttribute('fetchpriority')).toBe('high');
    expect(position()).toBe('Image 1 of 3');
  });

  it('steps with the arrows and wraps round at both ends, naming a picture without alt text after the flag', async () => {
    const user = shopper();
    render(<ProductGallery images={pictures} fallbackAlt="Flag of South Africa" />);
    const previous = screen.getByRole('button', { name: 'Previous image' });
    const next = screen.getByRole('button', { name: 'Next image' });

    await user.click(previous);
    expect(position()).toBe('Image 3 of 3');
    expect(mainPicture().getAttribute('alt')).toBe('The stitched hem');
    await clickAgain(user, next);
    expect(position()).toBe('Image 1 of 3');
    await clickAgain(user, next);
    expect(position()).toBe('Image 2 of 3');
    expect(mainPicture().getAttribute('alt')).toBe('Flag of South Africa');
    expect(mainPicture().getAttribute('src')).toBe('/flags/za-folded.svg');
    // Only the first picture is the page's largest paint: the others are not fetched ahead of it.
    expect(mainPicture().getAttribute('fetchpriority')).toBeNull();
  });

  it('opens a picture from its thumbnail, which is marked as the current one', async () => {
    const user = shopper();
    render(<ProductGallery images={pictures} fallbackAlt="Flag of South Africa" />);
    const thumbnails = within(screen.getByRole('list', { name: 'Thumbnails' })).getAllByRole('button');
    expect(thumbnails.map((t) => t.getAttribute('aria-label'))).toEqual(['Show image 1 of 3', 'Show image 2 of 3', 'Show image 3 of 3']);
    expect(thumbnails[0]!.getAttribute('aria-current')).toBe('true');

    await user.click(thumbnails[2]!);
    expect(mainPicture().getAttribute('src')).toBe('/flags/za-stitching.svg');
    expect(thumbnails[2]!.getAttribute('aria-current')).toBe('true');
    expect(thumbnails[0]!.getAttribute('aria-current')).toBeNull();
    expect(position()).toBe('Image 3 of 3');
  });

  it('has no arrows, thumbnails or position for a single picture', () => {
    render(<ProductGallery images={pictures.slice(0, 1)} fallbackAlt="Flag of South Africa" />);
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Thumbnails' })).toBeNull();
    expect(screen.queryByTestId('gallery-position')).toBeNull();
  });

  it('shows the placeholder, named after the flag, for a flag with no pictures', () => {
    render(<ProductGallery images={[]} fallbackAlt="Flag of Kenya" />);
    expect(mainPicture().getAttribute('alt')).toBe('Flag of Kenya');
    expect(mainPicture().getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    expect(screen.queryByRole('button', { name: 'Previous image' })).toBeNull();
  });
});
