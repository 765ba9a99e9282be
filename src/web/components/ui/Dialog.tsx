import { useRef, useState, type ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { buttonClasses } from './Button';
import { closeTopLayer, useEscapeLayer } from './layer-stack';

/** Closes the dialog it is in; with asChild, a Cancel button does. */
export const DialogClose = DialogPrimitive.Close;

/**
 * Where the dialog sits: 'dialog' in the middle of the screen; 'sheet', a page from the right on
 * wide screens and the whole screen on phones; 'panel', a column from the right whose content
 * fills the height below its header (the cart).
 */
type Layout = 'dialog' | 'sheet' | 'panel';
type Width = 'md' | 'lg' | '2xl';

const layouts: Record<Layout, { content: string; header: string; title: string }> = {
  dialog: {
    content: 'top-1/2 left-1/2 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl p-5 sm:p-6',
    header: 'mb-4',
    title: 'text-xl',
  },
  sheet: {
    content: 'inset-0 overflow-y-auto p-4 sm:inset-y-0 sm:right-0 sm:left-auto sm:w-full sm:max-w-2xl sm:p-6',
    header: 'mb-4',
    title: 'text-xl',
  },
  panel: {
    content: 'inset-y-0 right-0 flex h-full w-full max-w-md flex-col',
    header: 'border-b border-slate-200 px-5 py-4',
    title: 'text-lg',
  },
};

const widths: Record<Width, string> = { md: 'max-w-md', lg: 'max-w-lg', '2xl': 'max-w-2xl' };

interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog keeps its own open state. */
  trigger?: ReactNode;
  title: ReactNode;
  /** Read out with the title when the dialog opens. */
  description?: ReactNode;
  layout?: Layout;
  /** How wide a 'dialog' grows on wide screens. */
  width?: Width;
  closeLabel?: string;
  children: ReactNode;
}

const FORM_FIELD = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/** Where focus goes when what opened a dialog is gone: the page's main heading, as on a new page. */
function focusMainHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * The shop's Radix dialog: focus kept inside, Escape, the overlay or the close button to leave.
 * It opens with focus in its first form field (the sign-in dialog in Email), or where Radix puts
 * it when there is none (the close button, never a destructive action). On closing, focus goes
 * back to what opened it: Radix does that only for its own trigger, and most of the shop's
 * dialogs are opened from elsewhere (the cart button, Pay, a row of the order desk). Escape closes
 * the top layer only (layer-stack.ts): the dialog, or a form opened inside it.
 */
export function Dialog({ open, onOpenChange, trigger, title, description, layout = 'dialog', width = 'lg', closeLabel = 'Close', children }: DialogProps) {
  const look = layouts[layout];
  const body = useRef<HTMLDivElement>(null);
  // A dialog with its own trigger keeps its own state: Escape must be able to close it too.
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  useEscapeLayer(isOpen, () => setOpen(false));
  // Noted while rendering the opening, before anything in the dialog (an autoFocus field) takes the focus.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  // Closed to begin with: a dialog whose code loads on its first opening mounts already open.
  const [wasOpen, setWasOpen] = useState<boolean | undefined>(false);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setOpener(document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null);
  }
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={setOpen}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          // Without a description, Radix is told there is none on purpose (an explicit undefined).
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn('fixed z-50 bg-white shadow-xl focus:outline-none', look.content, layout === 'dialog' && widths[width])}
          onOpenAutoFocus={(event) => {
            const field = body.current?.querySelector<HTMLElement>(FORM_FIELD);
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          onEscapeKeyDown={(event) => {
            event.preventDefault();
            if (!closeTopLayer()) setOpen(false);
          }}
          onCloseAutoFocus={(event) => {
            if (trigger) return;
            event.preventDefault();
            if (opener?.isConnected) opener.focus();
            else focusMainHeading();
          }}
        >
          <div className={look.header}>
            <div className="flex items-center justify-between gap-3">
              <DialogPrimitive.Title className={cn('flex min-w-0 items-center gap-2 font-bold text-slate-900', look.title)}>{title}</DialogPrimitive.Title>
              <DialogPrimitive.Close className={buttonClasses('ghost', 'icon', 'shrink-0')} aria-label={closeLabel}>
                <X className="h-5 w-5" aria-hidden="true" />
              </DialogPrimitive.Close>
            </div>
            {description && (
              <DialogPrimitive.Description asChild>
                <div className="mt-1 text-sm text-slate-600">{description}</div>
              </DialogPrimitive.Description>
            )}
          </div>
          <div ref={body} className="contents">
            {children}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
