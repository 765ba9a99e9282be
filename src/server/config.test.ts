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
      "BACKUP_DIR backs up the embedded database; with DATABASE_URL back up with PostgreSQL's pg_dump (see the README)",
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

describe('PAGE_DRAWINGS_PER_SECOND', () => {
  it('is ten unless told, and 0 has the browser draw every page', () => {
    expect(loadConfig({}).pageDrawingsPerSecond).toBe(10);
    expect(loadConfig({ PAGE_DRAWINGS_PER_SECOND: '0' }).pageDrawingsPerSecond).toBe(0);
    expect(loadConfig({ PAGE_DRAWINGS_PER_SECOND: '250' }).pageDrawingsPerSecond).toBe(250);
  });

  it('stops the start on anything but a whole number from 0 to 9999, naming the setting', () => {
    for (const rate of ['-1', '2.5', 'ten', '10000', '1e3', '5\0']) {
      expect(() => loadConfig({ PAGE_DRAWINGS_PER_SECOND: rate })).toThrow('PAGE_DRAWINGS_PER_SECOND must be a whole number from 0');
    }
  });
});
