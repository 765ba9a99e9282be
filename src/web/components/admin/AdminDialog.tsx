import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../ui/Button';

interface AdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title when the dialog opens. */
  description?: ReactNode;
  /** 'sheet': the order's full page, from the right on wide screens and the whole screen on phones. */
  variant?: 'dialog' | 'sheet';
  children: ReactNode;
}

/** The order desk's Radix dialog: focus kept inside, Escape or the close button to leave. */
export function AdminDialog({ open, onOpenChange, title, description, variant = 'dialog', children }: AdminDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          // Without a description, Radix is told there is none on purpose (an explicit undefined).
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed z-50 overflow-y-auto bg-white shadow-xl focus:outline-none',
            variant === 'dialog'
              ? 'top-1/2 left-1/2 max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 rounded-xl p-5 sm:p-6'
              : 'inset-0 p-4 sm:inset-y-0 sm:right-0 sm:left-auto sm:w-full sm:max-w-2xl sm:p-6',
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Dialog.Title className="text-xl font-bold text-slate-900">{title}</Dialog.Title>
              {description && <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>}
            </div>
            <Dialog.Close className={buttonClasses('ghost', 'icon', 'shrink-0')} aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
