import { Share2 } from 'lucide-react';
import { Button, type ButtonProps } from '../ui/Button';
import { toast } from '../ui/toast-store';

export interface ShareTarget {
  title: string;
  text: string;
  /** The page's path; shared as a full address on this shop's origin. */
  path: string;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

async function copyLink(url: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link Copied', description: 'The link to this flag is on your clipboard.' });
  } catch {
    toast({ title: 'Could Not Copy Link', description: `Copy this address instead: ${url}`, variant: 'destructive' });
  }
}

/** Shares with the device's share sheet where there is one; otherwise copies the link. */
async function shareLink({ title, text, path }: ShareTarget): Promise<void> {
  // Made at the click: the page may have been rendered on the server, which has no window.
  const url = `${window.location.origin}${path}`;
  const shared = { title, text, url };
  if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(shared))) {
    try {
      await navigator.share(shared);
      return;
    } catch (error) {
      // The shopper closed the share sheet: nothing to say.
      if (isAbort(error)) return;
      // Share refused (no user gesture, unsupported data): the link is still worth copying.
    }
  }
  await copyLink(url);
}

export function ShareButton({ target, ...rest }: { target: ShareTarget } & ButtonProps) {
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label="Share this flag"
      {...rest}
      onClick={() => void shareLink(target)}
      data-testid="share-button"
    >
      <Share2 className="h-5 w-5" aria-hidden="true" />
    </Button>
  );
}
