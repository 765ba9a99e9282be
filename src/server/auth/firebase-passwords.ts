import { createCipheriv, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import type { Database } from '../db/client';
import { accounts } from '../db/schema';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;

/**
 * A Firebase project's password-hash parameters, as its console shows them (Authentication, Users,
 * "Password hash parameters"): every exported hash was made with them.
 */
export interface FirebaseHashParameters {
  /** base64_signer_key */
  signerKey: string;
  /** base64_salt_separator */
  saltSeparator: string;
  rounds: number;
  memCost: number;
}

/** Hashes imported from Firebase, kept as they were until their first sign-in: prefix, parameters, salt, hash. */
const PREFIX = 'firebase-scrypt';

/**
 * Firebase's modified scrypt: scrypt of the password with the user's salt and the project's salt
 * separator (N = 2^memCost, r = rounds, p = 1) is the key that encrypts the project's signer key
 * with AES-256-CTR; the ciphertext is the stored hash. Node's own scrypt and AES are the
 * well-kept implementations of both steps.
 */
export async function firebaseScrypt(password: string, salt: string, params: FirebaseHashParameters): Promise<Buffer> {
  const N = 2 ** params.memCost;
  const key = await scrypt(password, Buffer.concat([Buffer.from(salt, 'base64'), Buffer.from(params.saltSeparator, 'base64')]), 32, {
    N,
    r: params.rounds,
    p: 1,
    maxmem: 256 * N * params.rounds,
  });
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16, 0));
  return Buffer.concat([cipher.update(Buffer.from(params.signerKey, 'base64')), cipher.final()]);
}

/** An imported user's password as the shop stores it until the first sign-in. */
export function importedPasswordHash(params: FirebaseHashParameters, salt: string, passwordHash: string): string {
  return [PREFIX, params.rounds, params.memCost, params.saltSeparator, params.signerKey, salt, passwordHash].join('$');
}

export const isImportedPasswordHash = (stored: string) => stored.startsWith(`${PREFIX}$`);

/** Whether the password is the one Firebase hashed; false for a stored value it cannot read. */
export async function verifyImportedPassword(stored: string, password: string): Promise<boolean> {
  const [prefix, rounds, memCost, saltSeparator, signerKey, salt, hash, ...rest] = stored.split('$');
  if (prefix !== PREFIX || rest.length > 0 || !salt || !hash || !signerKey || saltSeparator === undefined) return false;
  const params = { rounds: Number(rounds), memCost: Number(memCost), saltSeparator, signerKey };
  if (!Number.isInteger(params.rounds) || !Number.isInteger(params.memCost)) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await firebaseScrypt(password, salt, params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** How passwords are hashed and checked; better-auth's scrypt (shopPasswordHashing) unless given (tests give a cheaper one). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/** The shop's own scheme: better-auth's scrypt. */
export const shopPasswordHashing: PasswordHashing = { hash: betterAuthHash, verify: betterAuthVerify };

/**
 * The shop's password hashing, which also checks passwords imported from Firebase: the first
 * sign-in with the right one stores it again in the shop's own scheme, so customers keep their
 * passwords and the Firebase hash is gone after one use. Each stored hash has its own salt, so the
 * update finds exactly the account that signed in.
 */
export function withImportedPasswords(shop: PasswordHashing, db: Database): PasswordHashing {
  return {
    hash: (password) => shop.hash(password),
    async verify({ hash, password }) {
      if (!isImportedPasswordHash(hash)) return shop.verify({ hash, password });
      if (!(await verifyImportedPassword(hash, password))) return false;
      await db.update(accounts).set({ password: await shop.hash(password) }).where(eq(accounts.password, hash));
      return true;
    },
  };
}
