import type { ReactNode } from 'react';

/** A checkbox with its words beside it; the whole line is the label. */
export function Checkbox({ name, checked, onChange, children }: { name: string; checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-900">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-0.5 h-4 w-4 accent-brand-700" />
      <span>{children}</span>
    </label>
  );
}
