import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openingNotice } from './opening-notice';

describe('the notice of an open shop', () => {
  it('says in words where the shop is open, where its mail goes and who the admins are', () => {
    const config = loadConfig({ DATA_DIR: '/srv/flag-shop/data' });
    const notice = openingNotice(config, {
      listeningOn: '127.0.0.1:3000',
      admins: { fromAdminEmails: ['owner@capeflag.co.za'], granted: ['owner@capeflag.co.za', 'thandi@capeflag.co.za'] },
    });
    expect(notice).toBe(
      [
        '',
        '  Cape Flag Co. is open at http://localhost:3000',
        '',
        '  Order desk http://localhost:3000/admin',
        '  Admins     owner@capeflag.co.za (ADMIN_EMAILS), thandi@capeflag.co.za (npm run admin), each once its email is verified',
        '  Emails     the dev mailbox, http://localhost:3000/dev/mailbox (nothing leaves this machine)',
        '  Texts      the dev mailbox too',
        '  Payments   the sandbox (no real money moves)',
        '  Database   embedded, in /srv/flag-shop/data',
        '',
        '  Stop it with Ctrl-C. The log below is JSON lines (LOG_LEVEL=info).',
        '',
        '',
      ].join('\n'),
    );
  });

  it('tells a shop without admins how to get one', () => {
    const notice = openingNotice(loadConfig({}), { listeningOn: '127.0.0.1:3000', admins: { fromAdminEmails: [], granted: [] } });
    expect(notice).toContain(
      '  Admins     none yet: set ADMIN_EMAILS=you@example.co.za (or npm run admin -- grant <email>), sign up with that address and verify it\n',
    );
  });

  it("names the live services of a public shop, and where it listens behind the shop's address", () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://flags.example.co.za',
      SMTP_URL: 'smtp://shop:secret@smtp.example.co.za:587',
      PAYMENT_PROVIDER: 'yoco',
      YOCO_SECRET_KEY: 'sk_live_0123456789abcdef',
      YOCO_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      DATABASE_URL: 'postgres://shop@db.example.co.za/shop',
      SESSION_SECRET: 'a-long-and-stable-session-secret-for-every-process',
      SHOP_NAME: 'Vlaggies',
    });
    const notice = openingNotice(config, { listeningOn: '127.0.0.1:3001', admins: { fromAdminEmails: ['owner@vlaggies.co.za'], granted: [] } });
    expect(notice).toContain('  Vlaggies is open at https://flags.example.co.za (listening on 127.0.0.1:3001)\n');
    expect(notice).toContain('  Emails     sent through SMTP_URL\n');
    expect(notice).toContain('  Texts      marked sent but reach no phone: set SMS_PROVIDER=bulksms\n');
    expect(notice).toContain('  Payments   Yoco\n');
    expect(notice).toContain('  Database   PostgreSQL (DATABASE_URL)\n');
  });
});
