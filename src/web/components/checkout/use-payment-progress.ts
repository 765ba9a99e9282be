import { useCallback, useEffect, useState } from 'react';

/** The overlay's steps while the payment is prepared (spec section 4). */
const paymentSteps = [
  { label: 'Validating Order', progress: 25 },
  { label: 'Securing Payment', progress: 50 },
  { label: 'Processing Transaction', progress: 75 },
  { label: 'Finalizing Order', progress: 100 },
  { label: 'Redirecting to Payment', progress: 100 },
] as const;
export type PaymentStep = (typeof paymentSteps)[number]['label'];

/** Between steps the bar creeps on by 10 every 200 ms, never past 90 until the order is ready. */
const PROGRESS_TICK_MS = 200;
const PROGRESS_TICK = 10;
const PROGRESS_TICK_LIMIT = 90;

export interface PaymentProgress {
  active: boolean;
  step: PaymentStep;
  progress: number;
}

const idle: PaymentProgress = { active: false, step: paymentSteps[0].label, progress: 0 };

export function usePaymentProgress() {
  const [state, setState] = useState<PaymentProgress>(idle);

  useEffect(() => {
    if (!state.active) return;
    const timer = setInterval(() => {
      setState((current) =>
        current.progress >= PROGRESS_TICK_LIMIT ? current : { ...current, progress: Math.min(current.progress + PROGRESS_TICK, PROGRESS_TICK_LIMIT) },
      );
    }, PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [state.active]);

  /** Moves to a step; the bar never goes back. */
  const reach = useCallback((label: PaymentStep) => {
    const step = paymentSteps.find((s) => s.label === label)!;
    setState((current) => ({ active: true, step: step.label, progress: Math.max(current.active ? current.progress : 0, step.progress) }));
  }, []);

  const stop = useCallback(() => setState(idle), []);

  return { ...state, reach, stop };
}
