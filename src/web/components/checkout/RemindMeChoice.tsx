import { reminderConsentTexts } from '../../../shared/checkout-reminders';

interface RemindMeChoiceProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * "Email me a reminder if I don't finish paying": unticked until the shopper ticks it (POPIA:
 * consent first, for this one purpose), with what it means said under it.
 */
export function RemindMeChoice({ checked, onChange }: RemindMeChoiceProps) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          name="remindMe"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby="remind-me-note"
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
        />
        <span>{reminderConsentTexts.label}</span>
      </label>
      <p id="remind-me-note" className="pl-8 text-sm text-slate-600">
        {reminderConsentTexts.note}
      </p>
    </div>
  );
}
