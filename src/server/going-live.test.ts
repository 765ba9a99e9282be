import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, sampleShop } from './config';
import type { DatabaseHandle } from './db/client';
import { pickupPoints } from './db/schema';
import { copyStartedDataDir } from './testing/data-dirs';
import { freePort } from './testing/free-port';
import { goingLiveProblems, goingLiveRefusal } from './going-live';
import { seedSamplePickupPoints } from './pickup/sample-points';
import { startShop, stopShop } from './testing/shop-process';
import { testDatabases } from './testing/test-support';

const PUBLIC = 'https://flags.example.co.za';

/** Everything a real shop sets: real mail, texts, payments and its own details. */
const liveSettings = {
  PUBLIC_URL: PUBLIC,
  SESSION_SECRET: 'a-long-and-stable-session-secret-for-every-process',
  SMTP_URL: 'smtp://shop:secret@smtp.example.co.za:587',
  SMS_PROVIDER: 'bulksms',
  BULKSMS_TOKEN_ID: 'token-id',
  BULKSMS_TOKEN_SECRET: 'token-secret',
  PAYMENT_PROVIDER: 'yoco',
  YOCO_SECRET_KEY: 'sk_live_0123456789abcdef',
  YOCO_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  SHOP_LEGAL_NAME: 'Vlaggies Trading CC',
  SHOP_REGISTRATION_NUMBER: '2011/104422/23',
  SHOP_VAT_NUMBER: '4987654321',
  SHOP_ADDRESS: '3 Long Street, Cape Town, 8001',
  SHOP_PHONE: '+27 21 424 1000',
  SHOP_EMAIL: 'orders@vlaggies.co.za',
};

describe.each(testDatabases())('what keeps a public shop from opening, on $name', (target) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  const problems = (env: Record<string, string>) => goingLiveProblems(loadConfig(env as NodeJS.ProcessEnv), database.db);

  it('names every fake, sample detail and the sample pickup points of an https shop with no settings', async () => {
    await seedSamplePickupPoints(database.db);
    const found = await problems({ PUBLIC_URL: PUBLIC });
    expect(found).toHaveLength(5);
    expect(found[0]).toMatch(/^SMTP_URL is unset, so every email .* \/dev\/mailbox\. Set SMTP_URL/);
    expect(found[1]).toMatch(/^SMS_PROVIDER is dev-mailbox, .* Set SMS_PROVIDER=bulksms with BULKSMS_TOKEN_ID and BULKSMS_TOKEN_SECRET/);
    expect(found[2]).toMatch(/^PAYMENT_PROVIDER is sandbox, .* Set PAYMENT_PROVIDER=yoco with YOCO_SECRET_KEY and YOCO_WEBHOOK_SECRET/);
    expect(found[3]).toMatch(
      /^SHOP_LEGAL_NAME, SHOP_REGISTRATION_NUMBER, SHOP_VAT_NUMBER, SHOP_ADDRESS, SHOP_PHONE, SHOP_EMAIL are still the sample details/,
    );
    expect(found[4]).toMatch(/^75 of the 75 pickup points are the built-in sample .* npm run pickup-points -- import/);
  });

  it('refuses a Yoco test key and any one sample detail left', async () => {
    const found = await problems({ ...liveSettings, YOCO_SECRET_KEY: 'sk_test_0123', SHOP_PHONE: '+27 21 555 0142' });
    expect(found).toEqual([
      expect.stringMatching(/^YOCO_SECRET_KEY is a test key/),
      expect.stringMatching(/^SHOP_PHONE is still the sample details/),
      expect.stringMatching(/pickup points are the built-in sample/),
    ]);
  });

  it('lets a shop not registered for VAT open with SHOP_VAT_NUMBER empty, never with the sample number', async () => {
    const samplePoints = expect.stringMatching(/pickup points are the built-in sample/);
    expect(await problems({ ...liveSettings, SHOP_VAT_NUMBER: '' })).toEqual([samplePoints]);
    expect(await problems({ ...liveSettings, SHOP_VAT_NUMBER: sampleShop.vatNumber })).toEqual([
      expect.stringMatching(/^SHOP_VAT_NUMBER is still the sample details/),
      samplePoints,
    ]);
  });

  it('names the same fakes for https in any letter case and for a public address over plain http', async () => {
    await seedSamplePickupPoints(database.db);
    const https = await problems({ PUBLIC_URL: PUBLIC });
    for (const address of ['HTTPS://FLAGS.example.co.za', 'Https://flags.example.co.za', 'http://shop.example.co.za', 'http://192.168.1.20:3000']) {
      expect(await problems({ PUBLIC_URL: address }), address).toEqual(https);
    }
  });

  it('names the same fakes for a shop listening beyond this machine (HOST 0.0.0.0, ::, a network address) with PUBLIC_URL unset', async () => {
    await seedSamplePickupPoints(database.db);
    const https = await problems({ PUBLIC_URL: PUBLIC });
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(await problems({ HOST: host }), host).toEqual(https);
    }
    for (const host of ['127.0.0.1', 'localhost', '::1']) {
      expect(await problems({ HOST: host }), host).toEqual([]);
    }
  });

  it("lets a shop on the owner's own machine open on fakes: localhost, 127.0.0.0/8 and [::1], over http or https", async () => {
    for (const address of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://127.0.0.2', 'http://[::1]:3000', 'https://localhost:8443']) {
      expect(await problems({ PUBLIC_URL: address }), address).toEqual([]);
    }
  });

  it('lets a fully set https shop with real pickup points open, and a shop on this machine or a declared demo', async () => {
    expect(await problems({ PUBLIC_URL: 'http://localhost:3000' })).toEqual([]);
    expect(await problems({ PUBLIC_URL: PUBLIC, SHOP_DEMO: 'true' })).toEqual([]);
    await database.db.update(pickupPoints).set({ isSample: false });
    expect(await problems(liveSettings)).toEqual([]);
    await database.db.delete(pickupPoints);
    expect(await problems(liveSettings)).toEqual([expect.stringMatching(/^There are no pickup points, so nobody could check out/)]);
  });

  it('refuses the Firebase Auth emulator on any public shop, a declared demo too, and allows it on a local one', async () => {
    await seedSamplePickupPoints(database.db);
    await database.db.update(pickupPoints).set({ isSample: false });
    const emulator = { AUTH_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'demo-flags', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    const unsigned = expect.stringMatching(/^FIREBASE_AUTH_EMULATOR_HOST points the shop at the Firebase Auth emulator, whose sign-ins are unsigned/);
    expect(await problems({ ...liveSettings, ...emulator })).toEqual([unsigned]);
    expect(await problems({ PUBLIC_URL: PUBLIC, SHOP_DEMO: 'true', ...emulator })).toEqual([unsigned]);
    expect(await problems({ PUBLIC_URL: 'http://shop.example.co.za', SHOP_DEMO: 'true', ...emulator })).toEqual([unsigned]);
    expect(await problems({ PUBLIC_URL: 'http://localhost:3000', ...emulator })).toEqual([]);
  });
});

describe('the refusal to start', () => {
  it('says what makes the shop public: the address it is known by, else the network it listens on', () => {
    const refusal = (env: NodeJS.ProcessEnv) => goingLiveRefusal(loadConfig(env), ['SMTP_URL is unset']).split('\n')[0];
    expect(refusal({ PUBLIC_URL: 'http://shop.example.co.za' })).toBe('This shop is public (PUBLIC_URL is http://shop.example.co.za) but is not ready to take real orders:');
    expect(refusal({ HOST: '0.0.0.0' })).toBe('This shop is public (HOST is 0.0.0.0, so other machines can reach it) but is not ready to take real orders:');
  });
});

describe('starting a public shop', () => {
  const dataDirs: string[] = [];
  const freshDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-live-'));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  // A first start: what a public shop seeds on an empty DATA_DIR is what this test is about.
  it('refuses to start an https shop on fakes, naming each setting, and leaves no sample points behind', async () => {
    const shop = startShop({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: freshDataDir(), DATABASE_URL: '', PUBLIC_URL: PUBLIC });
    expect(await shop.listening).toBe(false);
    expect(shop.child.exitCode).toBe(1);
    const output = shop.output();
    expect(output).toContain(`This shop is public (PUBLIC_URL is ${PUBLIC}) but is not ready to take real orders:`);
    for (const name of ['SMTP_URL', 'SMS_PROVIDER', 'PAYMENT_PROVIDER', 'SHOP_VAT_NUMBER', 'SHOP_PHONE', 'npm run pickup-points -- import', 'SHOP_DEMO=true']) {
      expect(output).toContain(name);
    }
    expect(output).toContain('There are no pickup points');
  }, 90_000);

  it('refuses to start on fakes at HTTPS:// in capitals and at a public address over plain http, saying which addresses are this machine', async () => {
    const shops = ['HTTPS://FLAGS.example.co.za', 'http://shop.example.co.za'].map((address) =>
      startShop({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: copyStartedDataDir(freshDataDir()), DATABASE_URL: '', PUBLIC_URL: address }),
    );
    try {
      expect(await Promise.all(shops.map((shop) => shop.listening))).toEqual([false, false]);
      for (const [shop, address] of [
        [shops[0]!, 'https://flags.example.co.za'],
        [shops[1]!, 'http://shop.example.co.za'],
      ] as const) {
        expect(shop.child.exitCode).toBe(1);
        const output = shop.output();
        expect(output).toContain(`This shop is public (PUBLIC_URL is ${address}) but is not ready to take real orders:`);
        for (const name of ['SMTP_URL', 'SMS_PROVIDER', 'PAYMENT_PROVIDER', 'SHOP_VAT_NUMBER', 'SHOP_PHONE', 'npm run pickup-points -- import', 'SHOP_DEMO=true']) {
          expect(output).toContain(name);
        }
        expect(output).toContain('Only a shop on this machine (PUBLIC_URL and HOST at localhost, 127.0.0.0/8 or [::1]) runs on the fakes');
      }
    } finally {
      await Promise.all(shops.map((shop) => stopShop(shop.child)));
    }
  }, 90_000);

  it('starts a declared demo on fakes, warns in its log, and tells every page it is a demo', async () => {
    const port = await freePort();
    const shop = startShop({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: copyStartedDataDir(freshDataDir()), DATABASE_URL: '', PUBLIC_URL: PUBLIC, SHOP_DEMO: 'true' });
    try {
      expect(await shop.listening).toBe(true);
      expect(shop.output()).toContain('SHOP_DEMO=true: this is a demo shop');
      const page = await fetch(`http://127.0.0.1:${port}/shop`);
      const initial = /<script id="initial-data" type="application\/json">([^<]*)<\/script>/.exec(await page.text());
      expect(JSON.parse(initial![1]!)).toMatchObject({ demo: true });
    } finally {
      await stopShop(shop.child);
    }
  }, 90_000);
});
