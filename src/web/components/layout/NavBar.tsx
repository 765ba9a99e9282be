import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import logoUrl from '../../favicon.svg';
import { Link, useLocation } from 'react-router';
import { PrefetchNavLink } from '../ui/PrefetchLink';
import { Menu, ShoppingCart, X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { shop } from '../../lib/initial-data';
import { Button, buttonClasses } from '../ui/Button';
import { setCartPanelOpen } from '../cart/cart-panel-store';
import { useCart } from '../cart/use-cart';
import { openAuthDialog } from '../auth/auth-dialog-store';
import { userLabel, useSession, useSignOut } from '../auth/use-session';
import { useAdminCheck } from '../auth/use-admin-check';
import { useEscapeLayer } from '../ui/layer-stack';

// The dropdown's code loads only once someone is signed in.
const UserMenu = lazy(() => import('../auth/UserMenu').then((m) => ({ default: m.UserMenu })));

const links = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/contact', label: 'Contact' },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700',
  );

function CartButton() {
  const { itemCount } = useCart();
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={itemCount > 0 ? `Cart, ${itemCount} item${itemCount === 1 ? '' : 's'}` : 'Cart'}
      onClick={() => setCartPanelOpen(true)}
      debounceMs={0}
    >
      <ShoppingCart className="h-6 w-6" aria-hidden="true" />
      {itemCount > 0 && (
        <span
          data-testid="cart-badge"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
        >
          {itemCount}
        </span>
      )}
    </Button>
  );
}

/**
 * Signed in: the user's menu; signed out: a Sign In button. While the session loads (and in the
 * page the server drew) the Sign In button's room is kept, so that the cart button beside it does
 * not move when the answer comes for the shopper who is not signed in.
 */
function AccountControl() {
  const { data: session, isPending } = useSession();
  if (isPending) {
    return (
      <span aria-hidden="true" className={buttonClasses('ghost', 'sm', 'invisible max-md:hidden')}>
        Sign In
      </span>
    );
  }
  if (!session) {
    return (
      <Button variant="ghost" size="sm" className="max-md:hidden" debounceMs={0} onClick={() => openAuthDialog('login')}>
        Sign In
      </Button>
    );
  }
  const label = userLabel(session.user);
  return (
    <div className="hidden md:block">
      <Suspense
        fallback={
          <Button variant="ghost" size="sm" disabled>
            {label}
          </Button>
        }
      >
        <UserMenu label={label} userId={session.user.id} />
      </Suspense>
    </div>
  );
}

/** The phone menu's Order Desk entry, for admins only. */
function MobileOrderDeskLink({ userId, className, onDone }: { userId: string; className: string; onDone: () => void }) {
  if (useAdminCheck(userId).data?.isAdmin !== true) return null;
  return (
    <Link to="/admin" className={className} onClick={onDone}>
      Order Desk
    </Link>
  );
}

/** The phone menu's account entries: My Profile and Sign Out (and Order Desk for admins), or Sign In; one name for the page everywhere. */
function MobileAccountLinks({ onDone }: { onDone: () => void }) {
  const { data: session, isPending } = useSession();
  const signOut = useSignOut();
  const itemClass = 'rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:text-brand-700';
  if (isPending) return null;
  if (!session) {
    return (
      <button
        type="button"
        className={itemClass}
        onClick={() => {
          onDone();
          openAuthDialog('login');
        }}
      >
        Sign In
      </button>
    );
  }
  return (
    <>
      <Link to="/profile" className={itemClass} onClick={onDone}>
        My Profile
      </Link>
      <MobileOrderDeskLink userId={session.user.id} className={itemClass} onDone={onDone} />
      <button
        type="button"
        className={itemClass}
        disabled={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onSettled: onDone })}
      >
        Sign Out
      </button>
    </>
  );
}

/**
 * The phone menu closes as a shopper expects: with Escape (the focus back on the menu button), a tap
 * outside it, and any change of page, whichever link caused it.
 */
function usePhoneMenu() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();
  const [shownAt, setShownAt] = useState(`${pathname}${search}`);
  if (shownAt !== `${pathname}${search}`) {
    setShownAt(`${pathname}${search}`);
    setMenuOpen(false);
  }
  useEscapeLayer(menuOpen, () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  });
  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!menu.current?.contains(target) && !menuButton.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [menuOpen]);
  return { menuOpen, setMenuOpen, menuButton, menu };
}

/** Fixed top bar: name, links, cart with its badge; a menu button on small screens. */
export function NavBar() {
  const { menuOpen, setMenuOpen, menuButton, menu } = usePhoneMenu();
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* From tablets up, three columns: the links stay put when the account control appears after the session loads. */}
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 md:grid md:grid-cols-[1fr_auto_1fr]"
      >
        <Link to="/" className="flex items-center gap-2 justify-self-start text-lg font-extrabold tracking-tight text-brand-800">
          <img src={logoUrl} alt="" width={28} height={28} />
          {shop.name}
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <PrefetchNavLink key={l.to} to={l.to} end className={navLinkClass}>
              {l.label}
            </PrefetchNavLink>
          ))}
        </div>
        <div className="col-start-3 flex items-center gap-1 justify-self-end">
          <AccountControl />
          <CartButton />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            ref={menuButton}
            debounceMs={0}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
          </Button>
        </div>
      </nav>
      {menuOpen && (
        <div id="mobile-menu" ref={menu} className="border-t border-slate-200 bg-white md:hidden">
          <div className="mx-auto flex max-w-7xl flex-col px-4 py-2">
            {links.map((l) => (
              <PrefetchNavLink key={l.to} to={l.to} end className={navLinkClass} onClick={() => setMenuOpen(false)}>
                {l.label}
              </PrefetchNavLink>
            ))}
            <MobileAccountLinks
              onDone={() => {
                // The item that was chosen disappears with the menu: focus stays near it, on the menu
                // button, and a dialog the item opens gives focus back there when it closes.
                setMenuOpen(false);
                menuButton.current?.focus();
              }}
            />
          </div>
        </div>
      )}
    </header>
  );
}
