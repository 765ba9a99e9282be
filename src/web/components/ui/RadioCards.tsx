import type { ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn';

export interface RadioCard<V extends string> {
  value: V;
  title: ReactNode;
  text: ReactNode;
}

interface RadioCardsProps<V extends string> {
  name: string;
  cards: readonly RadioCard<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  /** Given the checked radio, for a 'Change' link that moves the focus here. */
  checkedRef?: Ref<HTMLInputElement>;
  className?: string;
}

/** A choice of one, each a card with a title and a line under it; the whole card is the radio's label. */
export function RadioCards<V extends string>({ name, cards, value, onChange, checkedRef, className }: RadioCardsProps<V>) {
  return (
    <div className={cn('grid gap-3 sm:grid-cols-2', className)}>
      {cards.map((card) => (
        <label
          key={card.value}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
        >
          <input
            ref={value === card.value ? checkedRef : undefined}
            type="radio"
            name={name}
            value={card.value}
            checked={value === card.value}
            onChange={() => onChange(card.value)}
            className="mt-1 accent-brand-700"
          />
          <span>
            <span className="block font-semibold text-slate-900">{card.title}</span>
            <span className="block text-sm text-slate-600">{card.text}</span>
          </span>
        </label>
      ))}
    </div>
  );
}
