import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, ClipboardList, LogOut, User } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../ui/Button';
import { useSignOut } from './use-session';
import { useAdminCheck } from './use-admin-check';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100';

/**
 * The signed-in user's menu: My Profile and Sign Out (spec section 2), and Order Desk for admins.
 * Loaded only once someone is signed in.
 */
export function UserMenu({ label, userId }: { label: string; userId: string }) {
  const signOut = useSignOut();
  const isAdmin = useAdminCheck(userId).data?.isAdmin === true;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClasses('ghost', 'sm', 'max-w-48 gap-1')} data-testid="user-menu">
        <User className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{label}</span>
        <ChevronDown className="h-4 w-4 shrink-0" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/profile">
              <User className="h-4 w-4" aria-hidden="true" /> My Profile
            </Link>
          </DropdownMenu.Item>
          {isAdmin && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/admin">
                <ClipboardList className="h-4 w-4" aria-hidden="true" /> Order Desk
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={itemClass} disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
            <LogOut className="h-4 w-4" aria-hidden="true" /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
