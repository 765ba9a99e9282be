import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTestApp, testDatabases } from '../testing/test-support';

const [pglite] = testDatabases();

describe('GET /api/config/auth and /api/config/firebase', () => {
  it('offers Google only when both its client id and secret are set', () => {
    const id = 'id.apps.googleusercontent.com';
    expect(loadConfig({}).googleEnabled).toBe(false);
    expect(loadConfig({ GOOGLE_CLIENT_ID: id }).googleEnabled).toBe(false);
    expect(loadConfig({ GOOGLE_CLIENT_SECRET: 'secret' }).googleEnabled).toBe(false);
    expect(loadConfig({ GOOGLE_CLIENT_ID: id, GOOGLE_CLIENT_SECRET: '  ' }).googleEnabled).toBe(false);
    expect(loadConfig({ GOOGLE_CLIENT_ID: id, GOOGLE_CLIENT_SECRET: 'secret' }).googleEnabled).toBe(true);
  });

  for (const [env, googleEnabled] of [
    [{}, false],
    [{ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' }, true],
  ] as const) {
    it(`answers the same on both paths (googleEnabled ${googleEnabled})`, async () => {
      const t = await startTestApp(pglite!, { env });
      try {
        for (const url of ['/api/config/auth', '/api/config/firebase']) {
          const res = await t.app.inject({ method: 'GET', url });
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ provider: 'accounts', googleEnabled });
        }
      } finally {
        await t.close();
      }
    });
  }
});

describe('ADMIN_EMAILS', () => {
  it('is trimmed, lower-cased and checked', () => {
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: ' A@X.co.za, b@y.co.za ,,a@x.co.za ' }).adminEmails).toEqual(['a@x.co.za', 'b@y.co.za']);
    expect(() => loadConfig({ ADMIN_EMAILS: 'a@x.co.za, nope' })).toThrow(/ADMIN_EMAILS must be a comma-separated list/);
  });
});
