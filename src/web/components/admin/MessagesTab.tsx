import { useState } from 'react';
import { CheckCheck, Mail, RotateCcw } from 'lucide-react';
import { cn } from '../../lib/cn';
import { shop } from '../../lib/initial-data';
import { Button, buttonClasses } from '../ui/Button';
import { QueryState } from '../ui/QueryState';
import { TabHeading } from './TabHeading';
import { formatDateTime } from './order-format';
import { useContacts, useMarkHandled, type ContactFilter } from './use-order-desk';
import { FilterPills } from './FilterPills';
import type { ContactMessageView } from '../../../shared/order-desk';

const filters: { value: ContactFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

const emptyMessages: Record<ContactFilter, string> = {
  open: 'No open messages. Every customer has an answer.',
  handled: 'No handled messages yet.',
  all: 'No messages yet.',
};

function MessageCard({ message }: { message: ContactMessageView }) {
  const mark = useMarkHandled();
  const handled = message.handledAt !== null;
  const busy = mark.isPending && mark.variables?.id === message.id;

  const toggle = () => mark.mutate({ id: message.id, handled: !handled, name: message.name });

  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="contact-message">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{message.name}</h3>
          <p className="text-sm break-all text-slate-700">{message.email}</p>
          <p className="text-sm text-slate-600">
            Received <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </p>
        </div>
        <span
          className={cn(
            'rounded-full border px-2.5 py-0.5 text-xs font-semibold',
            handled ? 'border-green-200 bg-green-50 text-green-800' : 'border-amber-200 bg-amber-50 text-amber-900',
          )}
        >
          {handled ? 'Handled' : 'Open'}
        </span>
      </div>
      <p className="text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">{message.message}</p>
      {handled && message.handledAt && (
        <p className="text-xs text-slate-600">
          Handled{message.handledBy && ` by ${message.handledBy}`} on <time dateTime={message.handledAt}>{formatDateTime(message.handledAt)}</time>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Your message to ${shop.name}`)}`} className={buttonClasses('outline', 'sm')}>
          <Mail className="h-4 w-4" aria-hidden="true" /> Reply by email
        </a>
        <Button variant={handled ? 'ghost' : 'primary'} size="sm" disabled={busy} onClick={toggle}>
          {handled ? <RotateCcw className="h-4 w-4" aria-hidden="true" /> : <CheckCheck className="h-4 w-4" aria-hidden="true" />}
          {handled ? 'Reopen' : 'Mark handled'}
        </Button>
      </div>
    </li>
  );
}

/** The contact form's messages: open ones first to answer, handled ones kept for reference. */
export function MessagesTab() {
  const [filter, setFilter] = useState<ContactFilter>('open');
  const messages = useContacts(filter);

  return (
    <section aria-labelledby="messages-heading" className="space-y-4">
      <TabHeading id="messages-heading" title="Messages" description="From the contact page. Reply by email, then mark the message handled." />
      <FilterPills legend="Show messages" name="message-filter" options={filters} value={filter} onChange={setFilter} />
      <QueryState
        query={messages}
        loading={{ label: 'Loading messages', skeletons: ['h-32 w-full'] }}
        error={{ message: 'Failed to load the messages' }}
        empty={{ when: (list) => list.length === 0, show: emptyMessages[filter] }}
      >
        {(list) => (
          <ul className="space-y-3" aria-label="Messages">
            {list.map((message) => (
              <MessageCard key={message.id} message={message} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
