import { describe, expect, it } from 'vitest';
import { loadConfig, sampleShop } from './config';

const vatNumberOf = (value: string | undefined) => loadConfig({ SHOP_VAT_NUMBER: value }).shop.vatNumber;

describe('SHOP_VAT_NUMBER', () => {
  it("is the sample shop's unless set", () => {
    expect(vatNumberOf(undefined)).toBe(sampleShop.vatNumber);
  });

  it('takes a South African VAT number, with the spaces it is often written with taken out', () => {
    expect(vatNumberOf('4987654321')).toBe('4987654321');
    expect(vatNumberOf('4123 456 789')).toBe('4123456789');
  });

  it('set empty, says the shop is not registered for VAT', () => {
    expect(vatNumberOf('')).toBe('');
  });

  it('stops the start on anything else, naming the variable', () => {
    for (const bad of ['123', '5123456789', '41234567890', '4123abc789', 'VAT4123456789', '4123456789\0']) {
      expect(() => vatNumberOf(bad)).toThrow(
        'SHOP_VAT_NUMBER: SHOP_VAT_NUMBER must be a South African VAT number such as 4123456789 (10 digits starting with 4), or empty for a shop not registered for VAT',
      );
    }
  });
});

describe('BACKUP_DIR and BACKUP_KEEP', () => {
  it('are off unless BACKUP_DIR is set, and keep seven backups unless told', () => {
    expect(loadConfig({}).dailyBackups).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: 'backups' }).dailyBackups).toEqual({ dir: expect.stringMatching(/\/backups$/), keep: 7 });
    expect(loadConfig({ BACKUP_DIR: '/var/backups/shop', BACKUP_KEEP: '30' }).dailyBackups).toEqual({ dir: '/var/backups/shop', keep: 30 });
  });

  it('stop the start on a count that is not one to 365, and with DATABASE_URL, naming what to do', () => {
    for (const keep of ['0', '366', '-1', '2.5', 'seven', '7\0']) {
      expect(() => loadConfig({ BACKUP_DIR: 'backups', BACKUP_KEEP: keep })).toThrow('BACKUP_KEEP must be a whole number of backups from 1 to 365');
    }
    expect(() => loadConfig({ BACKUP_DIR: 'backups', DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop', SESSION_SECRET: 'x'.repeat(32) })).toThrow(
      "BACKUP_DIR backs up the embedded database; with DATABASE_URL back up with PostgreSQL's pg_dump (see docs/operations.md)",
    );
  });
});

describe('METRICS_TOKEN', () => {
  it('is a secret of 16 characters or more', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters (a random secret)');
  });
});

describe('SSR_PAGES_PER_SECOND', () => {
  it('is ten unless told, and 0 has the browser render every page', () => {
    expect(loadConfig({}).ssrPagesPerSecond).toBe(10);
    expect(loadConfig({ SSR_PAGES_PER_SECOND: '0' }).ssrPagesPerSecond).toBe(0);
    expect(loadConfig({ SSR_PAGES_PER_SECOND: '250' }).ssrPagesPerSecond).toBe(250);
    // Its name before it was SSR_PAGES_PER_SECOND still works; the new name wins when both are set.
    expect(loadConfig({ PAGE_DRAWINGS_PER_SECOND: '30' }).ssrPagesPerSecond).toBe(30);
    expect(loadConfig({ PAGE_DRAWINGS_PER_SECOND: '30', SSR_PAGES_PER_SECOND: '5' }).ssrPagesPerSecond).toBe(5);
    expect(() => loadConfig({ PAGE_DRAWINGS_PER_SECOND: '-1' })).toThrow('SSR_PAGES_PER_SECOND must be a whole number from 0');
  });

  it('stops the start on anything but a whole number from 0 to 9999, naming the setting', () => {
    for (const rate of ['-1', '2.5', 'ten', '10000', '1e3', '5\0']) {
      expect(() => loadConfig({ SSR_PAGES_PER_SECOND: rate })).toThrow('SSR_PAGES_PER_SECOND must be a whole number from 0');
    }
  });
});

describe('CART_LINE_LIMIT', () => {
  it('lets a cart line hold 100 of one flag unless told, and up to 1,000', () => {
    expect(loadConfig({}).cartLineLimit).toBe(100);
    expect(loadConfig({ CART_LINE_LIMIT: '12' }).cartLineLimit).toBe(12);
    expect(loadConfig({ CART_LINE_LIMIT: '1000' }).cartLineLimit).toBe(1000);
  });

  it('stops the start on anything but a whole number from 1 to 1,000, naming the setting', () => {
    for (const limit of ['0', '-1', '2.5', 'ten', '1001', '1e3', '5\0']) {
      expect(() => loadConfig({ CART_LINE_LIMIT: limit })).toThrow('CART_LINE_LIMIT must be a whole number of flags from 1 to 1000');
    }
  });
});

describe('PUBLIC_URL', () => {
  const site = (value: string | undefined) => {
    const { publicUrl, servedOverHttps, publicShop } = loadConfig({ PUBLIC_URL: value });
    return { publicUrl, servedOverHttps, publicShop };
  };

  it('is https in any letter case, and written the one way every link uses', () => {
    for (const address of ['HTTPS://Flags.Example.co.za/', 'Https://flags.example.co.za', 'https://flags.example.co.za//']) {
      expect(site(address)).toEqual({ publicUrl: 'https://flags.example.co.za', servedOverHttps: true, publicShop: true });
    }
  });

  it('is public at any address but this machine, over http too', () => {
    expect(site('http://shop.example.co.za')).toEqual({ publicUrl: 'http://shop.example.co.za', servedOverHttps: false, publicShop: true });
    for (const address of ['http://192.168.1.20:3000', 'http://0.0.0.0:3000', 'http://[2001:db8::1]', 'http://localhost.example.co.za', 'https://128.0.0.1']) {
      expect(site(address).publicShop, address).toBe(true);
    }
  });

  it('is the owner\'s own machine at localhost, 127.0.0.0/8 and [::1], on http or https', () => {
    expect(site(undefined)).toEqual({ publicUrl: 'http://localhost:3000', servedOverHttps: false, publicShop: false });
    for (const address of ['http://localhost:3000', 'HTTP://LOCALHOST:3000', 'http://127.0.0.1:3000', 'http://127.8.9.10', 'http://127.1:3000', 'http://[::1]:3000', 'http://[0:0:0:0:0:0:0:1]']) {
      expect(site(address).publicShop, address).toBe(false);
    }
    expect(site('https://localhost:8443')).toEqual({ publicUrl: 'https://localhost:8443', servedOverHttps: true, publicShop: false });
  });

  it('is public when HOST listens beyond this machine, whatever PUBLIC_URL says', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.5']) {
      expect(loadConfig({ HOST: host }).publicShop, host).toBe(true);
    }
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', 'LOCALHOST', '::1']) {
      expect(loadConfig({ HOST: host }).publicShop, host).toBe(false);
    }
  });

  it('stops the start on anything but the http or https address of the shop, naming the setting', () => {
    const message = 'PUBLIC_URL: PUBLIC_URL must be the http or https address of the shop, such as https://flags.example.co.za';
    for (const bad of ['flags.example.co.za', 'ftp://flags.example.co.za', 'javascript:alert(1)', 'https://', 'https://flags\0.example.co.za', 'https://owner:secret@flags.example.co.za', 'https://flags.example.co.za/?a=1', 'https://flags.example.co.za/#top', 'x'.repeat(10_000)]) {
      expect(() => site(bad), bad).toThrow(message);
    }
  });
});
