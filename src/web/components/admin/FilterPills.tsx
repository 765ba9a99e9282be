import { cn } from '../../lib/cn';

interface FilterPillsProps<V extends string> {
  /** What the choice shows, read to screen readers: 'Show messages'. */
  legend: string;
  name: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}

/** A list's filter as a row of pills: real radios, so arrows move between them and a screen reader says which is on. */
export function FilterPills<V extends string>({ legend, name, options, value, onChange }: FilterPillsProps<V>) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'relative inline-flex h-9 cursor-pointer items-center rounded-full border px-4 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            value === option.value ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-brand-700',
          )}
        >
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="absolute inset-0 cursor-pointer opacity-0" />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
