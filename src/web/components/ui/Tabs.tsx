import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cn } from '../../lib/cn';

/** Radix tabs in the shop's style. The list scrolls sideways when its tabs do not fit (phones). */
export const Tabs = TabsPrimitive.Root;

/** How far the fade at an edge with more tabs past it reaches. */
const FADE = '24px';

/** Which edges of a list that scrolls sideways have more past them; neither when everything fits. */
function useHiddenEdges() {
  const list = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resizes = new ResizeObserver(measure);
    resizes.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      resizes.disconnect();
    };
  }, []);
  return { list, edges };
}

/** The tabs in a row; tabs running past an edge fade out there, the cue that the row scrolls. */
export function TabsList({ className, ref, style, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const { list, edges } = useHiddenEdges();
  const fade =
    edges.start || edges.end
      ? `linear-gradient(to right, ${edges.start ? 'transparent' : 'black'} 0, black ${FADE}, black calc(100% - ${FADE}), ${edges.end ? 'transparent' : 'black'} 100%)`
      : undefined;
  return (
    <TabsPrimitive.List
      ref={(element) => {
        list.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      className={cn(
        // Bleeds to the screen edges on phones; the padding keeps the focus outline from being clipped.
        'relative -mx-4 flex gap-2 overflow-x-auto overscroll-x-contain px-4 py-1.5 sm:-mx-1.5 sm:px-1.5',
        className,
      )}
      style={fade ? { ...style, maskImage: fade } : style}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'group relative inline-flex h-10 shrink-0 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold whitespace-nowrap text-slate-700 transition-colors',
        'hover:border-brand-700 hover:text-brand-800',
        'data-[state=active]:border-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white',
        className,
      )}
      {...props}
    />
  );
}

/** A count beside a tab's label, e.g. the number of flags in a region. */
export function TabsCount({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex min-w-6 justify-center rounded-full bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700',
        'group-data-[state=active]:bg-white group-data-[state=active]:text-brand-800',
        className,
      )}
    >
      {children}
    </span>
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('rounded-md focus-visible:outline-offset-4', className)} {...props} />;
}
