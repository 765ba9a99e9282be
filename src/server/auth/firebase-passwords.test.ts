import { describe, expect, it } from 'vitest';
import { firebaseScrypt, importedPasswordHash, isImportedPasswordHash, verifyImportedPassword } from './firebase-passwords';
import { SAMPLE_PARAMETERS, SAMPLE_USER } from '../testing/firebase-sample';


describe("Firebase's modified scrypt", () => {
  it("makes Firebase's published hash from the sample password, salt and parameters", async () => {
    expect((await firebaseScrypt(SAMPLE_USER.password, SAMPLE_USER.salt, SAMPLE_PARAMETERS)).toString('base64')).toBe(SAMPLE_USER.passwordHash);
  });

  it('accepts the right password of an imported hash and refuses any other', async () => {
    const stored = importedPasswordHash(SAMPLE_PARAMETERS, SAMPLE_USER.salt, SAMPLE_USER.passwordHash);
    expect(isImportedPasswordHash(stored)).toBe(true);
    expect(await verifyImportedPassword(stored, SAMPLE_USER.password)).toBe(true);
    expect(await verifyImportedPassword(stored, 'user1Password')).toBe(false);
    expect(await verifyImportedPassword(stored, '')).toBe(false);
    // The same password with another project's signer key is another hash.
    expect(await verifyImportedPassword(importedPasswordHash({ ...SAMPLE_PARAMETERS, signerKey: 'AAAAAAAAAAAAAAAA' }, SAMPLE_USER.salt, SAMPLE_USER.passwordHash), SAMPLE_USER.password)).toBe(false);
  });

  it('refuses a stored value it cannot read, never throwing', async () => {
    for (const stored of ['firebase-scrypt$8$14', 'firebase-scrypt$x$14$Bw==$key$salt$hash', `${importedPasswordHash(SAMPLE_PARAMETERS, 'c2FsdA==', 'aGFzaA==')}$extra`, 'scrypt:abc']) {
      expect(await verifyImportedPassword(stored, SAMPLE_USER.password), stored).toBe(false);
    }
    expect(isImportedPasswordHash('abcdef:0123')).toBe(false);
  });
});
