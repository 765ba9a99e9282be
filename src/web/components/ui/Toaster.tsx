import { useEffect, useRef, type RefObject } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { buttonClasses } from './Button';
import { closeTopLayer } from './layer-stack';
import { dismissToast, TOAST_DURATION_MS, useToasts, type ToastData } from './toast-store';

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab would reach after `element` had the toast not been there. */
function nextTabStop(element: HTMLElement, viewport: HTMLElement): HTMLElement | undefined {
  const stops = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter((stop) => !viewport.contains(stop) && stop.getClientRects().length > 0);
  const at = stops.indexOf(element);
  return at < 0 ? undefined : stops[at + 1];
}

/**
 * A toast with a button (Add to Cart's View cart) comes next in the keyboard's order: the first Tab
 * after it appears goes from the focused button into the toast, and leaving it by Tab or
 * Shift+Tab goes on from where the shopper was. Inside a dialog, whose focus stays inside, F8 does it.
 */
function useToastActionNextInOrder(toasts: ToastData[], viewport: RefObject<HTMLOListElement | null>) {
  const newest = toasts.find((t) => t.open && t.action);
  const id = newest?.id;
  useEffect(() => {
    if (id === undefined) return;
    const opener = document.activeElement;
    if (!(opener instanceof HTMLElement) || opener === document.body || opener.closest('[role="dialog"]') || viewport.current?.contains(opener)) return;
    const toastOf = () => viewport.current?.querySelector<HTMLElement>(`[data-toast-id="${id}"]`) ?? null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
      const toast = toastOf();
      const focused = document.activeElement;
      if (!toast || !(focused instanceof HTMLElement)) return;
      if (focused === opener && !event.shiftKey) {
        event.preventDefault();
        toast.querySelector<HTMLElement>('[data-toast-action]')?.focus();
        return;
      }
      if (!toast.contains(focused) || !opener.isConnected) return;
      const stops = [...toast.querySelectorAll<HTMLElement>(TABBABLE)].filter((stop) => stop !== toast);
      const leaving = event.shiftKey ? focused === stops[0] : focused === stops.at(-1);
      if (!leaving) return;
      // The viewport's own Tab handling would carry the focus past the toast to the end of the page.
      event.preventDefault();
      event.stopPropagation();
      const next = event.shiftKey ? opener : (nextTabStop(opener, viewport.current!) ?? opener);
      next.focus();
    };
    document.addEventListener('keydown', onKeyDown, { capture: true });
    return () => document.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [id, viewport]);
}

/**
 * Swipe right 50 px to dismiss; F8 moves focus to the notifications (spec section 9). Escape with
 * the focus in a toast closes it and puts the focus back where it was; Escape anywhere else is the
 * page's (its top dialog or menu, layer-stack.ts), and closes the toast only when the page has
 * nothing open.
 */
export function Toaster() {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  // Where the focus was before it came into the notifications (by F8, Tab or a click).
  const returnTo = useRef<HTMLElement | null>(null);
  useToastActionNextInOrder(toasts, viewport);
  // A native listener: toasts are portalled into the viewport, so React's focus events do not reach it from them.
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const onFocusIn = (event: FocusEvent) => {
      if (event.relatedTarget instanceof HTMLElement && !element.contains(event.relatedTarget)) returnTo.current = event.relatedTarget;
    };
    element.addEventListener('focusin', onFocusIn);
    return () => element.removeEventListener('focusin', onFocusIn);
  }, []);

  const giveFocusBack = () => {
    const back = returnTo.current;
    returnTo.current = null;
    if (back?.isConnected && viewport.current?.contains(document.activeElement)) back.focus();
  };

  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          data-toast-id={t.id}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          onEscapeKeyDown={(event) => {
            // Radix asks twice when the focus is in the toast (the page's Escape, then the toast's own).
            if (event.defaultPrevented) return;
            event.preventDefault();
            if (viewport.current?.contains(document.activeElement)) {
              giveFocusBack();
              dismissToast(t.id);
            } else if (!closeTopLayer()) {
              dismissToast(t.id);
            }
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-[toast-in_150ms_ease-out] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0',
            t.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            )}
            {t.action && (
              <ToastPrimitive.Action
                altText={t.action.altText}
                data-toast-action=""
                className={buttonClasses('outline', 'md', 'mt-2 w-fit')}
                onClick={() => {
                  // What the action opens (the cart) gives the focus back to the shopper's button, not to the emptied toast.
                  giveFocusBack();
                  t.action!.onClick();
                }}
              >
                {t.action.label}
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
            onClick={giveFocusBack}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Top on phones, bottom-left on wider screens: never over the cart panel's buttons, which open on the right. */}
      <ToastPrimitive.Viewport
        ref={viewport}
        className="fixed top-16 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:top-auto sm:right-auto sm:bottom-0 sm:left-0 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
