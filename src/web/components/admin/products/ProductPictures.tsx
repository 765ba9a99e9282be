import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { messageOf } from '../../../lib/api';
import { Button } from '../../ui/Button';
import { Field, TextField } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { toast } from '../../ui/toast-store';
import { useDeletePicture, useUpdatePictures, useUploadPicture } from './use-admin-products';
import { useMovingFocus } from './use-moving-focus';
import {
  altTextSchema,
  defaultAltText,
  MAX_PICTURES_PER_PRODUCT,
  MAX_UPLOAD_BYTES,
  UPLOAD_IMAGE_TYPES,
  uploadMessages,
  type AdminProduct,
} from '../../../../shared/product-admin';
import { MoveArrows } from './MoveArrows';
import { countryName, type ProductImage } from '../../../../shared/product';

const failed = (error: unknown, fallback: string) => toast({ title: 'Error', description: messageOf(error, fallback), variant: 'destructive' });

/** The flag's pictures in shop order (the first is the one on the shop card), and a new one to upload. */
export function ProductPictures({ product }: { product: AdminProduct }) {
  const headingId = useId();
  const update = useUpdatePictures();
  const [announcement, setAnnouncement] = useState('');
  const images = product.images;
  const focus = useMovingFocus(images.map((img) => img.id));

  const move = (index: number, direction: 'up' | 'down') => {
    if (update.isPending) return;
    const target = direction === 'up' ? index - 1 : index + 1;
    const order = images.map((img) => img.id);
    [order[index], order[target]] = [order[target]!, order[index]!];
    update.mutate(
      { productId: product.id, change: { order } },
      {
        onSuccess: () => {
          focus.moved(images[index]!.id, direction, target);
          setAnnouncement(`Picture ${index + 1} moved to place ${target + 1} of ${images.length}.`);
        },
        onError: (error) => failed(error, 'Failed to reorder the pictures'),
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4 border-t border-slate-200 pt-6">
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          Pictures
        </h3>
        <p className="text-sm text-slate-600">The first picture is shown on the shop card. JPEG, PNG or WebP, 2 MB at most; up to {MAX_PICTURES_PER_PRODUCT} pictures.</p>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {images.length === 0 ? (
        <p className="rounded-md bg-slate-50 px-4 py-3 text-sm text-slate-700">No pictures yet: the shop shows a placeholder.</p>
      ) : (
        <ol className="space-y-3" data-testid="product-pictures">
          {images.map((image, index) => (
            <PictureRow
              key={image.id}
              product={product}
              image={image}
              index={index}
              count={images.length}
              onMove={(direction) => move(index, direction)}
              arrowRef={focus.arrowRef(image.id)}
            />
          ))}
        </ol>
      )}
      <UploadForm product={product} />
    </section>
  );
}

interface PictureRowProps {
  product: AdminProduct;
  image: ProductImage;
  index: number;
  count: number;
  onMove: (direction: 'up' | 'down') => void;
  arrowRef: (direction: 'up' | 'down', element: HTMLButtonElement | null) => void;
}

function PictureRow({ product, image, index, count, onMove, arrowRef }: PictureRowProps) {
  const id = useId();
  const update = useUpdatePictures();
  const remove = useDeletePicture();
  const [altText, setAltText] = useState(image.altText);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const place = `picture ${index + 1}`;

  const saveAlt = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = altTextSchema.safeParse(altText);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(
      { productId: product.id, change: { altTexts: { [image.id]: parsed.data } } },
      {
        onSuccess: () => toast({ title: 'Alt Text Saved', description: `The description of ${place} has been saved.` }),
        onError: (err) => failed(err, 'Failed to save the alt text'),
      },
    );
  };

  const onDelete = () =>
    remove.mutate(
      { productId: product.id, imageId: image.id },
      {
        onSuccess: () => toast({ title: 'Picture Deleted', description: `The picture has been removed from ${countryName(product.name)}.` }),
        onError: (err) => failed(err, 'Failed to delete the picture'),
      },
    );

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-start" data-testid="product-picture">
      <img src={image.url} alt={image.altText} className="h-20 w-28 shrink-0 rounded border border-slate-200 bg-slate-50 object-contain" />
      <form noValidate onSubmit={saveAlt} className="flex min-w-0 flex-1 flex-col gap-2">
        <TextField
          id={`${id}-alt`}
          label={`Alt text of ${place}`}
          type="text"
          maxLength={200}
          value={altText}
          onChange={(e) => setAltText(e.target.value)}
          error={error}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="outline" size="sm" disabled={update.isPending || altText.trim() === image.altText}>
            Save alt text
          </Button>
        </div>
      </form>
      <div className="flex flex-wrap items-center gap-1 sm:flex-col sm:items-stretch">
        <MoveArrows what={place} index={index} count={count} words onMove={onMove} arrowRef={arrowRef} />
        {confirming ? (
          <span className="flex flex-wrap gap-1" role="group" aria-label={`Delete ${place}?`}>
            <Button variant="danger" size="sm" onClick={onDelete} disabled={remove.isPending} autoFocus>
              {remove.isPending ? 'Deleting...' : 'Yes, delete'}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Keep
            </Button>
          </span>
        ) : (
          <Button variant="ghost" size="sm" className="text-red-700" aria-label={`Delete ${place}`} onClick={() => setConfirming(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}

/** Checked here first with the server's limits, so a wrong file is refused before it is sent. */
function checkFile(file: File): string | undefined {
  if (file.type === 'image/svg+xml') return uploadMessages.svg;
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return uploadMessages.wrongType;
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge;
  if (file.size === 0) return uploadMessages.empty;
  return undefined;
}

function UploadForm({ product }: { product: AdminProduct }) {
  const id = useId();
  const upload = useUploadPicture();
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [altText, setAltText] = useState(() => defaultAltText(product.name));
  const [error, setError] = useState<string>();
  // The server refuses a picture over the cap; say so before a file is chosen.
  const full = product.images.length >= MAX_PICTURES_PER_PRODUCT;

  // The preview is a blob address of the chosen file: let go when another is chosen or the form closes.
  const previewUrl = useRef<string | null>(null);
  const choose = (file: File | null) => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = file ? URL.createObjectURL(file) : null;
    setChosen(file ? { file, preview: previewUrl.current! } : null);
  };
  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? checkFile(file) : undefined;
    setError(problem);
    choose(problem ? null : file);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending || full) return;
    if (!chosen) {
      setError('Please choose a picture first');
      fileInput.current?.focus();
      return;
    }
    const alt = altTextSchema.safeParse(altText);
    if (!alt.success) {
      setError(alt.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    upload.mutate(
      { productId: product.id, file: chosen.file, altText: alt.data },
      {
        onSuccess: () => {
          toast({ title: 'Picture Added', description: `The picture has been added to ${countryName(product.name)}.` });
          choose(null);
          setAltText(defaultAltText(product.name));
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3 rounded-lg border border-dashed border-slate-300 p-4" aria-label="Add a picture">
      <Field id={`${id}-file`} label="New picture" hint={full ? uploadMessages.tooMany : undefined} invalid={!!error} errorId={`${id}-error`}>
        {(control) => (
          <input
            ref={fileInput}
            {...control}
            type="file"
            accept={UPLOAD_IMAGE_TYPES.join(',')}
            onChange={onChoose}
            disabled={full}
            // A file chooser, not a text box: the browser's own button, styled.
            className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-900 disabled:opacity-60"
          />
        )}
      </Field>
      {chosen && <img src={chosen.preview} alt="Preview of the chosen picture" className="h-32 w-44 rounded border border-slate-200 bg-slate-50 object-contain" data-testid="upload-preview" />}
      <TextField id={`${id}-alt`} label="Alt text" hint="Says what the picture shows, for people who cannot see it." type="text" maxLength={200} value={altText} onChange={(e) => setAltText(e.target.value)} />
      <FormAlert id={`${id}-error`} message={error ?? (upload.isError ? messageOf(upload.error, 'Failed to upload the picture. Please try again.') : undefined)} />
      <Button type="submit" variant="secondary" disabled={upload.isPending || full} aria-describedby={full ? `${id}-file-hint` : undefined}>
        <ImagePlus className="h-4 w-4" aria-hidden="true" />
        {upload.isPending ? 'Uploading...' : 'Upload Picture'}
      </Button>
    </form>
  );
}
