import { speedRatingLabels, webVitals, type SpeedRating, type WebVitalName } from '../../../shared/web-vitals';
import type { Tone } from './order-format';

/** A time as '180 ms' under a second and '2.54 s' from one on; CLS as a score, '0.052'. */
export function formatWebVital(name: WebVitalName, value: number): string {
  if (webVitals[name].unit === 'score') return value.toFixed(3);
  return value < 1_000 ? `${Math.round(value)} ms` : `${(value / 1_000).toFixed(2)} s`;
}

/** Google's limits of a metric in words: 'good up to 2.50 s, poor above 4.00 s'. */
export function limitsOf(name: WebVitalName): string {
  const { good, poor } = webVitals[name];
  return `good up to ${formatWebVital(name, good)}, poor above ${formatWebVital(name, poor)}`;
}

export const ratingTones: Record<SpeedRating, Tone> = { good: 'green', 'needs-improvement': 'amber', poor: 'red' };

/** The bar colour of each rating in the chart. */
export const ratingBarClasses: Record<SpeedRating, string> = {
  good: 'bg-green-600',
  'needs-improvement': 'bg-amber-500',
  poor: 'bg-red-600',
};

export const ratingLabel = (rating: SpeedRating) => speedRatingLabels[rating];
