import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useDebouncedClick } from './use-debounced-click';

/** FAQ triggers ignore repeat clicks inside this window (spec section 5: 100 ms on FAQ). */
const ACCORDION_DEBOUNCE_MS = 100;

type RootProps = Omit<
  Extract<ComponentPropsWithoutRef<typeof AccordionPrimitive.Root>, { type: 'single' }>,
  'type' | 'collapsible'
>;

/** One answer open at a time; the open one can be closed again. */
export const Accordion = forwardRef<HTMLDivElement, RootProps>(function Accordion({ className, ...rest }, ref) {
  return (
    <AccordionPrimitive.Root
      ref={ref}
      type="single"
      collapsible
      className={cn('divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white', className)}
      {...rest}
    />
  );
});

export const AccordionItem = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof AccordionPrimitive.Item>>(
  function AccordionItem({ className, ...rest }, ref) {
    return <AccordionPrimitive.Item ref={ref} className={cn('group', className)} {...rest} />;
  },
);

interface TriggerProps extends ComponentPropsWithoutRef<typeof AccordionPrimitive.Trigger> {
  /** Heading level wrapping the trigger, so the outline of the page stays in order. */
  headingLevel?: 2 | 3 | 4;
  debounceMs?: number;
}

export const AccordionTrigger = forwardRef<HTMLButtonElement, TriggerProps>(function AccordionTrigger(
  { className, children, headingLevel = 3, debounceMs = ACCORDION_DEBOUNCE_MS, onClick, ...rest },
  ref,
) {
  const handleClick = useDebouncedClick(onClick, debounceMs);
  const Heading = `h${headingLevel}` as const;
  return (
    <AccordionPrimitive.Header asChild>
      <Heading className="flex">
        <AccordionPrimitive.Trigger
          ref={ref}
          onClick={handleClick}
          className={cn(
            'flex min-h-12 flex-1 items-center justify-between gap-4 px-4 py-4 text-left text-base font-semibold text-slate-900 transition-colors hover:bg-slate-50 sm:px-6',
            className,
          )}
          {...rest}
        >
          {children}
          <ChevronDown
            className="h-5 w-5 shrink-0 text-slate-600 transition-transform duration-200 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
            aria-hidden="true"
          />
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  );
});

interface ContentProps extends Omit<ComponentPropsWithoutRef<typeof AccordionPrimitive.Content>, 'forceMount'> {
  children: ReactNode;
}

/** Closed answers stay in the page (hidden), so search engines and find-in-page still see them. */
export const AccordionContent = forwardRef<HTMLDivElement, ContentProps>(function AccordionContent(
  { className, children, ...rest },
  ref,
) {
  return (
    <AccordionPrimitive.Content ref={ref} forceMount className="data-[state=closed]:hidden" {...rest}>
      <div className={cn('px-4 pb-5 text-slate-700 leading-7 sm:px-6', className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
});
