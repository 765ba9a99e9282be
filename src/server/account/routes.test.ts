import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, cartItems, sessions, userAddresses, userCarts, userProfiles, userWishlists, users } from '../db/schema';
import { outboxEmails, signInTargets, startTestApp, TEST_PUBLIC_URL, type TestApp } from '../testing/test-support';
import { signUpShopper } from '../testing/test-shoppers';
import type { ProfileView, SavedAddress, WishlistItem } from '../../shared/profile';

const PASSWORD = 'vlag-2026';
// Browsers send Origin on writes; the shop refuses cookie-carrying writes from other sites.
const origin = { origin: TEST_PUBLIC_URL };

interface Shopper {
  id: string;
  email: string;
  cookie: string;
  token: string;
}

const home = { type: 'home', street: '12 Long Street', city: 'Cape Town', province: 'Western Cape', postalCode: '8001' };
const work = { type: 'work', street: '1 Sandton Drive', city: 'Johannesburg', province: 'Gauteng', postalCode: '2196' };
const holiday = { type: 'other', street: '5 Marine Parade', city: 'Durban', province: 'KwaZulu-Natal', postalCode: '4001' };

describe.each(signInTargets())('profile and account API on $name', (target) => {
  let t: TestApp;
  let thandi: Shopper;
  let sipho: Shopper;
  let southAfrica: string;
  let kenya: string;

  const call = (method: InjectOptions['method'], url: string, who?: Shopper, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...origin, ...(who ? { cookie: who.cookie } : {}) } });

  // Unique addresses: the Firebase emulator keeps every account of the run.
  const run = Math.random().toString(36).slice(2, 8);
  const signUp = (name: string, email: string): Promise<Shopper> => signUpShopper(t, { name, email: email.replace('@', `+${run}@`), password: PASSWORD }, false);
  /** With Firebase the shop keeps no password: the password rules of deleting are its own accounts'. */
  const ownAccounts = () => t.config.signIn.provider === 'accounts';
  const sessionCookieName = () => (ownAccounts() ? 'better-auth.session_token' : 'firebase-session');

  const productId = async (slug: string) => (await t.app.inject({ url: `/api/products/${slug}` })).json<{ id: string }>().id;
  const addresses = async (who: Shopper) => (await call('GET', '/api/profile/addresses', who)).json<{ addresses: SavedAddress[] }>().addresses;
  const wishlist = async (who: Shopper) => (await call('GET', '/api/wishlist', who)).json<{ items: WishlistItem[] }>().items;

  beforeAll(async () => {
    t = await startTestApp(target);
    thandi = await signUp('Thandi Nkosi', 'thandi@example.co.za');
    sipho = await signUp('Sipho Dlamini', 'sipho@example.co.za');
    southAfrica = await productId('south-africa');
    kenya = await productId('kenya');
  });
  afterAll(async () => {
    await t?.close();
  });

  const everyRoute: [method: InjectOptions['method'], url: string, payload?: object][] = [
    ['GET', '/api/profile'],
    ['PUT', '/api/profile', { firstName: 'Thandi' }],
    ['GET', '/api/profile/addresses'],
    ['POST', '/api/profile/addresses', home],
    ['PUT', '/api/profile/addresses/00000000-0000-4000-8000-000000000000', home],
    ['POST', '/api/profile/addresses/00000000-0000-4000-8000-000000000000/default', {}],
    ['DELETE', '/api/profile/addresses/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/profile/orders'],
    ['POST', '/api/profile/delete', { password: PASSWORD }],
    ['GET', '/api/wishlist'],
    ['POST', '/api/wishlist', { productId: '00000000-0000-4000-8000-000000000000' }],
    ['DELETE', '/api/wishlist/00000000-0000-4000-8000-000000000000'],
  ];

  it.each(everyRoute)('answers %s %s with 401 Not authenticated when signed out', async (method, url, payload) => {
    const res = await call(method, url, undefined, payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated', code: 'not_signed_in' });
    const forged = await t.app.inject({ method, url, payload, headers: { ...origin, cookie: 'better-auth.session_token=forged.value' } });
    expect(forged.statusCode).toBe(401);
  });

  it('reads a new account: its user, an empty profile, no addresses, not cached', async () => {
    const res = await call('GET', '/api/profile', thandi);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<ProfileView>()).toEqual({
      user: { id: thandi.id, email: thandi.email, name: 'Thandi Nkosi', emailVerified: false, image: null, hasPassword: ownAccounts() },
      profile: { firstName: null, lastName: null, phone: null, dateOfBirth: null },
      addresses: [],
    });
  });

  it('accepts the session token (or Firebase ID token) as a bearer token too', async () => {
    const res = await t.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${thandi.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json<ProfileView>().user.email).toBe(thandi.email);
  });

  it('saves personal details, storing the phone in E.164, and reads them back', async () => {
    const res = await call('PUT', '/api/profile', thandi, {
      firstName: '  Thandi ',
      lastName: 'Nkosi',
      phone: '0821234567',
      dateOfBirth: '1990-05-17',
    });
    expect(res.statusCode).toBe(200);
    const saved = { firstName: 'Thandi', lastName: 'Nkosi', phone: '+27821234567', dateOfBirth: '1990-05-17' };
    expect(res.json()).toEqual({ profile: saved });
    expect((await call('GET', '/api/profile', thandi)).json<ProfileView>().profile).toEqual(saved);
    // Sipho's profile is untouched.
    expect((await call('GET', '/api/profile', sipho)).json<ProfileView>().profile.firstName).toBeNull();
  });

  it.each([
    ['+27 82 123 4567', '+27821234567'],
    ['082-123-4567', '+27821234567'],
    ['(021) 555 0123', '+27215550123'],
    ['+27611234567', '+27611234567'],
  ])('normalises the phone %s to %s', async (phone, stored) => {
    const res = await call('PUT', '/api/profile', thandi, { phone });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ profile: { phone: string } }>().profile.phone).toBe(stored);
  });

  it('changes only the fields sent, and clears a field sent empty or null', async () => {
    await call('PUT', '/api/profile', thandi, { firstName: 'Thandiwe' });
    let profile = (await call('GET', '/api/profile', thandi)).json<ProfileView>().profile;
    expect(profile).toMatchObject({ firstName: 'Thandiwe', lastName: 'Nkosi', dateOfBirth: '1990-05-17' });

    await call('PUT', '/api/profile', thandi, { phone: '', dateOfBirth: null });
    profile = (await call('GET', '/api/profile', thandi)).json<ProfileView>().profile;
    expect(profile).toEqual({ firstName: 'Thandiwe', lastName: 'Nkosi', phone: null, dateOfBirth: null });
  });

  it.each([
    [{ firstName: 'T' }, 'First name must be at least 2 characters'],
    [{ lastName: ' N ' }, 'Last name must be at least 2 characters'],
    [{ firstName: 'x'.repeat(51) }, 'First name must be at most 50 characters'],
    [{ phone: '12345' }, 'Please enter a valid phone number'],
    [{ phone: '+44 20 7946 0958' }, 'Please enter a valid phone number'],
    [{ phone: '0021234567' }, 'Please enter a valid phone number'],
    [{ phone: 821234567 }, 'Please enter a valid phone number'],
    [{ dateOfBirth: '1990-02-30' }, 'Please enter a valid date of birth'],
    [{ dateOfBirth: '17/05/1990' }, 'Please enter a valid date of birth'],
    [{ dateOfBirth: '2999-01-01' }, 'Date of birth must be in the past'],
  ])('refuses %j with 400 and its message, changing nothing', async (body, message) => {
    const before = (await call('GET', '/api/profile', thandi)).json<ProfileView>().profile;
    const res = await call('PUT', '/api/profile', thandi, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_input' });
    expect((await call('GET', '/api/profile', thandi)).json<ProfileView>().profile).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      payload: '[1]',
      headers: { ...origin, cookie: thandi.cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body must be a JSON object', code: 'invalid_input' });
  });

  describe('addresses', () => {
    let first: SavedAddress;
    let second: SavedAddress;

    it('makes the first address the default, and a later one not', async () => {
      const res = await call('POST', '/api/profile/addresses', thandi, home);
      expect(res.statusCode).toBe(201);
      first = res.json<SavedAddress>();
      expect(first).toEqual({ id: expect.any(String), ...home, suburb: null, country: 'South Africa', isDefault: true });

      const next = await call('POST', '/api/profile/addresses', thandi, { ...work, country: 'South Africa' });
      expect(next.statusCode).toBe(201);
      second = next.json<SavedAddress>();
      expect(second.isDefault).toBe(false);
      expect((await addresses(thandi)).map((a) => [a.id, a.isDefault])).toEqual([
        [first.id, true],
        [second.id, false],
      ]);
    });

    it('switches the default: the other one loses it in the same change', async () => {
      const res = await call('POST', `/api/profile/addresses/${second.id}/default`, thandi, {});
      expect(res.statusCode).toBe(200);
      expect(res.json<SavedAddress>().isDefault).toBe(true);
      const list = await addresses(thandi);
      expect(list.map((a) => [a.id, a.isDefault])).toEqual([
        [second.id, true],
        [first.id, false],
      ]);
      // Making the default the default again changes nothing.
      expect((await call('POST', `/api/profile/addresses/${second.id}/default`, thandi, {})).statusCode).toBe(200);
      expect((await addresses(thandi)).filter((a) => a.isDefault)).toHaveLength(1);
    });

    it('edits an address, and isDefault in an edit moves the default', async () => {
      const res = await call('PUT', `/api/profile/addresses/${first.id}`, thandi, { ...home, street: '14 Long Street', isDefault: true });
      expect(res.statusCode).toBe(200);
      expect(res.json<SavedAddress>()).toMatchObject({ street: '14 Long Street', isDefault: true });
      expect((await addresses(thandi)).map((a) => [a.id, a.isDefault])).toEqual([
        [first.id, true],
        [second.id, false],
      ]);
      // isDefault false does not leave the account without a default.
      await call('PUT', `/api/profile/addresses/${first.id}`, thandi, { ...home, isDefault: false });
      expect((await addresses(thandi)).find((a) => a.id === first.id)?.isDefault).toBe(true);
    });

    it.each([
      [{ ...home, province: 'Cape' }, 'Please choose a province'],
      [{ ...home, postalCode: '800' }, 'Please enter a 4-digit postal code'],
      [{ ...home, postalCode: '80011' }, 'Please enter a 4-digit postal code'],
      [{ ...home, street: '   ' }, 'Please enter the street address'],
      [{ ...home, city: '' }, 'Please enter the city or town'],
      [{ ...home, type: 'holiday' }, 'Please choose home, work or other'],
      [{ ...home, country: 'Namibia' }, 'We deliver in South Africa only'],
      [{ street: '1 Main Road' }, 'Please enter the city or town'],
    ])('refuses the address %j with 400 and its message', async (body, message) => {
      const res = await call('POST', '/api/profile/addresses', thandi, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code: 'invalid_input' });
      const edit = await call('PUT', `/api/profile/addresses/${first.id}`, thandi, body);
      expect(edit.statusCode).toBe(400);
    });

    it("keeps another shopper's address out of reach: 404, and nothing changes", async () => {
      const before = await addresses(thandi);
      for (const res of [
        await call('PUT', `/api/profile/addresses/${first.id}`, sipho, holiday),
        await call('POST', `/api/profile/addresses/${second.id}/default`, sipho, {}),
        await call('DELETE', `/api/profile/addresses/${first.id}`, sipho),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Address not found', code: 'not_found' });
      }
      expect(await addresses(thandi)).toEqual(before);
      expect(await addresses(sipho)).toEqual([]);
    });

    it('answers a malformed or unknown address id with 404', async () => {
      expect((await call('DELETE', '/api/profile/addresses/not-a-uuid', thandi)).statusCode).toBe(404);
      expect((await call('PUT', '/api/profile/addresses/00000000-0000-4000-8000-000000000000', thandi, home)).statusCode).toBe(404);
    });

    it('removing the default hands it to the oldest remaining address', async () => {
      const third = (await call('POST', '/api/profile/addresses', thandi, holiday)).json<SavedAddress>();
      expect(third.isDefault).toBe(false);
      const res = await call('DELETE', `/api/profile/addresses/${first.id}`, thandi);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Address removed' });
      expect((await addresses(thandi)).map((a) => [a.id, a.isDefault])).toEqual([
        [second.id, true],
        [third.id, false],
      ]);

      // Removing one that is not the default leaves the default where it is.
      await call('DELETE', `/api/profile/addresses/${third.id}`, thandi);
      expect((await addresses(thandi)).map((a) => [a.id, a.isDefault])).toEqual([[second.id, true]]);
      expect((await call('DELETE', `/api/profile/addresses/${third.id}`, thandi)).statusCode).toBe(404);
    });

    it('lists the addresses in the profile too, default first', async () => {
      const profile = (await call('GET', '/api/profile', thandi)).json<ProfileView>();
      expect(profile.addresses).toEqual(await addresses(thandi));
    });
  });

  describe('wishlist', () => {
    it('saves a flag once however often it is sent, with name, price and picture from the catalogue', async () => {
      const first = await call('POST', '/api/wishlist', thandi, { productId: southAfrica });
      expect(first.statusCode).toBe(200);
      const again = await call('POST', '/api/wishlist', thandi, { productId: southAfrica });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());

      const items = await wishlist(thandi);
      expect(items).toHaveLength(1);
      expect(items[0]).toEqual({
        productId: southAfrica,
        slug: 'south-africa',
        name: 'SOUTH AFRICA',
        price: expect.stringMatching(/^R\d+\.\d{2}$/),
        priceCents: expect.any(Number),
        image: expect.stringContaining('/'),
        addedAt: expect.any(String),
      });
      const product = (await t.app.inject({ url: '/api/products/south-africa' })).json<{ priceCents: number }>();
      expect(items[0]!.priceCents).toBe(product.priceCents);
    });

    it('lists the newest first', async () => {
      await call('POST', '/api/wishlist', thandi, { productId: kenya });
      expect((await wishlist(thandi)).map((i) => i.slug)).toEqual(['kenya', 'south-africa']);
    });

    it('refuses an unknown product and a malformed id', async () => {
      const unknown = await call('POST', '/api/wishlist', thandi, { productId: '00000000-0000-4000-8000-000000000000' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Product not found', code: 'not_found' });
      const bad = await call('POST', '/api/wishlist', thandi, { productId: 'south-africa' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Invalid product id', code: 'invalid_input' });
    });

    it("keeps another shopper's wishlist out of reach", async () => {
      expect(await wishlist(sipho)).toEqual([]);
      const res = await call('DELETE', `/api/wishlist/${kenya}`, sipho);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'This flag is not in your wishlist', code: 'not_found' });
      expect(await wishlist(thandi)).toHaveLength(2);
    });

    it('removes a flag, and a second removal is 404', async () => {
      const res = await call('DELETE', `/api/wishlist/${kenya}`, thandi);
      expect(res.statusCode).toBe(200);
      expect((await wishlist(thandi)).map((i) => i.slug)).toEqual(['south-africa']);
      expect((await call('DELETE', `/api/wishlist/${kenya}`, thandi)).statusCode).toBe(404);
      expect((await call('DELETE', '/api/wishlist/kenya', thandi)).statusCode).toBe(404);
    });
  });

  it('lists no orders until checkout records them', async () => {
    const res = await call('GET', '/api/profile/orders', thandi);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ orders: [] });
  });

  describe('deleting the account', () => {
    const cartSession = 'profile_test_cart_session_0001';
    const otherCart = 'profile_test_cart_session_0002';

    beforeAll(async () => {
      // Thandi's cart (the session id her account owns) and a stranger's cart with the same flag.
      for (const sessionId of [cartSession, otherCart]) {
        const added = await t.app.inject({ method: 'POST', url: '/api/cart', payload: { sessionId, productId: southAfrica, quantity: 2 }, headers: origin });
        expect(added.statusCode).toBe(201);
      }
      await t.database.db.insert(userCarts).values({ userId: thandi.id, sessionId: cartSession }).onConflictDoNothing();
    });

    const rowsOf = async (userId: string) => {
      const { db } = t.database;
      return {
        users: await db.select().from(users).where(eq(users.id, userId)),
        sessions: await db.select().from(sessions).where(eq(sessions.userId, userId)),
        accounts: await db.select().from(accounts).where(eq(accounts.userId, userId)),
        profiles: await db.select().from(userProfiles).where(eq(userProfiles.userId, userId)),
        addresses: await db.select().from(userAddresses).where(eq(userAddresses.userId, userId)),
        wishlist: await db.select().from(userWishlists).where(eq(userWishlists.userId, userId)),
        carts: await db.select().from(userCarts).where(eq(userCarts.userId, userId)),
        cartLines: await db.select().from(cartItems).where(eq(cartItems.sessionId, cartSession)),
      };
    };
    const goodbyes = async (to: string) =>
      (await outboxEmails(t.database.db)).filter((r) => r.payload.to === to && r.payload.subject.startsWith('Your account was deleted'));

    it('needs the current password: missing or wrong, nothing is deleted', async (context) => {
      if (!ownAccounts()) context.skip('signing in with Firebase, the shop keeps no password: firebase.test.ts confirms by email and a recent sign-in');
      const missing = await call('POST', '/api/profile/delete', thandi, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'Please enter your password to confirm', code: 'invalid_input' });

      const wrong = await call('POST', '/api/profile/delete', thandi, { password: 'not-my-password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: 'Incorrect password.', code: 'invalid_input' });

      // A near miss is refused too.
      expect((await call('POST', '/api/profile/delete', thandi, { password: `${PASSWORD}x` })).statusCode).toBe(400);

      const rows = await rowsOf(thandi.id);
      expect(rows.users).toHaveLength(1);
      expect(rows.profiles).toHaveLength(1);
      expect(rows.addresses).toHaveLength(1);
      expect(rows.wishlist).toHaveLength(1);
      expect(rows.carts).toHaveLength(1);
      expect(rows.cartLines).toHaveLength(1);
      expect(await goodbyes(thandi.email)).toEqual([]);
      expect((await call('GET', '/api/profile', thandi)).statusCode).toBe(200);
    });

    it('deletes the user and everything kept with it, signs out and queues the goodbye email', async () => {
      const res = ownAccounts()
        ? await call('POST', '/api/profile/delete', thandi, { password: PASSWORD })
        : await t.app.inject({ method: 'POST', url: '/api/profile/delete', payload: { confirmEmail: thandi.email }, headers: { ...origin, cookie: thandi.cookie, authorization: `Bearer ${thandi.token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Your account has been deleted' });
      const cleared = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${sessionCookieName()}=`));
      expect(cleared).toMatch(/Max-Age=0/);

      expect(await rowsOf(thandi.id)).toEqual({
        users: [],
        sessions: [],
        accounts: [],
        profiles: [],
        addresses: [],
        wishlist: [],
        carts: [],
        cartLines: [],
      });
      // Someone else's cart with the same flag is untouched.
      expect(await t.database.db.select().from(cartItems).where(eq(cartItems.sessionId, otherCart))).toHaveLength(1);

      const emails = await goodbyes(thandi.email);
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({ kind: 'email', status: 'pending' });
      expect(emails[0]!.payload.text).toContain('Hi Thandi Nkosi,');
      expect(emails[0]!.payload.text).toContain('tax law');
    });

    it('the old session and bearer token stop working, and the password no longer signs in', async () => {
      expect((await call('GET', '/api/profile', thandi)).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/wishlist', headers: { authorization: `Bearer ${thandi.token}` } })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: thandi.cookie } })).json()).toBeNull();
      if (!ownAccounts()) return; // Firebase's own sign-in refusing the deleted account: firebase.test.ts
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: thandi.email, password: PASSWORD },
        headers: origin,
      });
      expect(signIn.statusCode).toBe(401);
      // Sipho is still here.
      expect((await call('GET', '/api/profile', sipho)).statusCode).toBe(200);
    });

    it('an account without a password (Google sign-in) confirms by typing its email address', async (context) => {
      if (!ownAccounts()) context.skip('signing in with Firebase, every account confirms by email and a recent sign-in: firebase.test.ts');
      const lerato = await signUp('Lerato Mokoena', 'lerato@example.co.za');
      await t.database.db.update(accounts).set({ password: null }).where(eq(accounts.userId, lerato.id));
      expect((await call('GET', '/api/profile', lerato)).json<ProfileView>().user.hasPassword).toBe(false);

      const wrong = await call('POST', '/api/profile/delete', lerato, { confirmEmail: 'someone@example.co.za', password: PASSWORD });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: 'Please type your email address to confirm', code: 'invalid_input' });
      expect(await t.database.db.select().from(users).where(eq(users.id, lerato.id))).toHaveLength(1);

      const res = await call('POST', '/api/profile/delete', lerato, { confirmEmail: ` ${lerato.email.replace('lerato', 'Lerato')} ` });
      expect(res.statusCode).toBe(200);
      expect(await t.database.db.select().from(users).where(eq(users.id, lerato.id))).toEqual([]);
      expect(await goodbyes(lerato.email)).toHaveLength(1);
    });
  });
});
