import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

export interface PolicySection {
  /** Anchor of the section, used by the table of contents. */
  id: string;
  title: string;
  content: ReactNode;
}

interface PolicyLayoutProps {
  title: string;
  /** ISO date, e.g. '2026-11-21'. */
  lastUpdated: string;
  intro: ReactNode;
  sections: PolicySection[];
}

const otherPages = [
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/returns-policy', label: 'Returns Policy' },
  { to: '/shipping-policy', label: 'Shipping Policy' },
];

/**
 * Prose styles without a typography plugin: paragraphs, lists, sub-headings, tables and links inside
 * policy sections.
 */
const proseClasses = cn(
  'text-slate-700',
  '[&_p]:mt-4 [&_p:first-child]:mt-0',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li::marker]:text-slate-500',
  '[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900',
);

function formatDate(iso: string): string {
  const date = new Date(`${iso}T12:00:00Z`);
  return new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Johannesburg' }).format(
    date,
  );
}

/** Heading, 'Last updated' date, a table of contents and numbered sections, at a readable width. */
export function PolicyLayout({ title, lastUpdated, intro, sections }: PolicyLayoutProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-slate-200 pb-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Legal and Policies</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-slate-600">
          Last updated: <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
        </p>
        <div className={cn(proseClasses, 'mt-6 text-lg leading-8')}>{intro}</div>
      </header>

      <nav aria-labelledby="policy-toc-heading" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
        <h2 id="policy-toc-heading" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
          On this page
        </h2>
        <ol className="mt-3 grid list-decimal gap-x-8 gap-y-2 pl-5 text-sm marker:text-slate-500 sm:grid-cols-2">
          {sections.map((s) => (
            <li key={s.id} className="pl-1">
              <a href={`#${s.id}`} className="text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((s, i) => (
        <section key={s.id} aria-labelledby={s.id} className="mt-12">
          <h2 id={s.id} className="scroll-mt-24 text-2xl font-bold tracking-tight text-slate-900">
            <span className="mr-2 text-slate-500" aria-hidden="true">
              {i + 1}.
            </span>
            {s.title}
          </h2>
          <div className={cn(proseClasses, 'mt-4 text-base leading-7')}>{s.content}</div>
        </section>
      ))}

      <footer className="mt-16 border-t border-slate-200 pt-8">
        <p className="text-slate-700">
          Questions about this page?{' '}
          <Link to="/contact" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Contact us
          </Link>
          .
        </p>
        <h2 className="sr-only">Other policies</h2>
        <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {otherPages
            .filter((p) => p.label !== title)
            .map((p) => (
              <li key={p.to}>
                <Link to={p.to} className="text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline">
                  {p.label}
                </Link>
              </li>
            ))}
        </ul>
      </footer>
    </article>
  );
}

/** A two-column table for facts such as fees or disclosures; scrolls sideways on narrow phones. */
export function PolicyTable({ caption, head, rows }: { caption: string; head: [string, ...string[]]; rows: ReactNode[][] }) {
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-3 align-bottom font-semibold sm:px-4">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row" className="px-3 py-3 align-top font-medium text-slate-900 sm:px-4">
                    {cell}
                  </th>
                ) : (
                  <td key={c} className="px-3 py-3 align-top text-slate-700 sm:px-4">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
