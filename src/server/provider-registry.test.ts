import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from './config';
import { createProvider, namedBy, readProviderSettings, unsetWhenBlank, type ProviderDefinition } from './provider-registry';

describe('choosing providers at start', () => {
  it('refuses an unknown payment or SMS provider, naming the known ones', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow('PAYMENT_PROVIDER=stripe is not known; set one of: sandbox, yoco, payfast, ozow, eft');
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow('SMS_PROVIDER=twilio is not known; set one of: dev-mailbox, bulksms');
  });

  it('names every problem at once', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', SMS_PROVIDER: 'bulksms', PORT: 'eighty' })).toThrow(
      /^Invalid configuration:\n {2}PORT: .*\n {2}PAYMENT_PROVIDER=stripe is not known; set one of: sandbox, yoco, payfast, ozow, eft\n {2}SMS_PROVIDER=bulksms needs BULKSMS_TOKEN_ID and BULKSMS_TOKEN_SECRET/,
    );
  });

  it('keeps only the chosen provider settings, tagged with its name, and no raw environment', () => {
    const config = loadConfig({ PAYMENT_PROVIDER: 'yoco', YOCO_SECRET_KEY: 'sk_live_abc', YOCO_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
    expect(config.payments).toEqual([
      {
        provider: 'yoco',
        secretKey: 'sk_live_abc',
        webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        apiUrl: 'https://payments.yoco.com/api',
      },
    ]);
    expect(config.mail).toEqual({ provider: 'dev-mailbox' });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.co.za:587' }).mail).toEqual({ provider: 'smtp', url: 'smtp://mail.example.co.za:587' });
    expect(config).not.toHaveProperty('env');
  });

  it('checks only the chosen provider variables', () => {
    expect(loadConfig({ YOCO_SECRET_KEY: 'not a key' }).payments).toEqual([{ provider: 'sandbox' }]);
  });
});

describe('several ways to pay (PAYMENT_PROVIDERS)', () => {
  const yoco = { YOCO_SECRET_KEY: 'sk_live_abc', YOCO_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };

  it('reads a list of one like PAYMENT_PROVIDER, spaces around the names left out', () => {
    expect(loadConfig({ PAYMENT_PROVIDERS: ' yoco ', ...yoco }).payments).toEqual(loadConfig({ PAYMENT_PROVIDER: 'yoco', ...yoco }).payments);
    expect(loadConfig({ PAYMENT_PROVIDERS: ' ' }).payments).toEqual([{ provider: 'sandbox' }]);
  });

  it.each([
    ['an unknown name', { PAYMENT_PROVIDERS: 'yoco,stripe', ...yoco }, 'PAYMENT_PROVIDERS names stripe, which is not known; choose from: sandbox, yoco, payfast, ozow, eft'],
    ['a name twice', { PAYMENT_PROVIDERS: 'yoco,yoco', ...yoco }, 'PAYMENT_PROVIDERS names yoco twice'],
    ['an empty name', { PAYMENT_PROVIDERS: 'yoco,,', ...yoco }, 'PAYMENT_PROVIDERS=yoco,, has an empty name: list the providers separated by commas, like yoco,eft'],
    ['both variables', { PAYMENT_PROVIDERS: 'yoco', PAYMENT_PROVIDER: 'yoco', ...yoco }, 'Set PAYMENT_PROVIDERS or PAYMENT_PROVIDER, not both'],
    [
      'the sandbox beside Yoco',
      { PAYMENT_PROVIDERS: 'sandbox,yoco', ...yoco },
      "PAYMENT_PROVIDERS names both sandbox and yoco: the sandbox stands in for Yoco's card payments, so offer one of them",
    ],
    [
      'a provider without its settings',
      { PAYMENT_PROVIDERS: 'yoco' },
      "PAYMENT_PROVIDERS with yoco needs YOCO_SECRET_KEY and YOCO_WEBHOOK_SECRET (from Yoco's portal and webhook registration)",
    ],
    ['a NUL byte', { PAYMENT_PROVIDERS: 'yoco\u0000' }, 'PAYMENT_PROVIDERS names yoco\u0000, which is not known; choose from: sandbox, yoco, payfast, ozow, eft'],
  ])('refuses %s at start, in words', (_label, env, problem) => {
    expect(() => loadConfig(env)).toThrow(problem);
  });
});

describe('a registry', () => {
  type Greeter = { greet(name: string): string };
  const polite: ProviderDefinition<{ greeting: string }, Greeter, { punctuation: string }> = {
    settings: z
      .object({ GREETING: unsetWhenBlank.pipe(z.string().min(2, 'GREETING must be a word')) })
      .transform((env) => ({ greeting: env.GREETING })),
    whereToGetThem: 'say hello',
    create: ({ greeting }, { punctuation }) => ({ greet: (name) => `${greeting}, ${name}${punctuation}` }),
  };
  const plain: ProviderDefinition<Record<never, never>, Greeter, { punctuation: string }> = {
    settings: z.object({}).transform(() => ({})),
    create: () => ({ greet: (name) => name }),
  };

  it('takes a new provider as one definition and one line', () => {
    const greeters = namedBy({ plain, polite }, 'GREETER', 'plain');
    const read = readProviderSettings(greeters, { GREETER: 'polite', GREETING: 'Sawubona' });
    expect(read).toEqual({ settings: { provider: 'polite', greeting: 'Sawubona' }, problems: [] });
    expect(createProvider(greeters.providers, read.settings!, { punctuation: '!' }).greet('Thandi')).toBe('Sawubona, Thandi!');
    expect(readProviderSettings(greeters, {}).settings).toEqual({ provider: 'plain' });
    expect(readProviderSettings(greeters, { GREETER: 'polite', GREETING: ' ' }).problems).toEqual(['GREETER=polite needs GREETING (say hello)']);
    expect(readProviderSettings(greeters, { GREETER: 'polite', GREETING: 'x' }).problems).toEqual(['GREETING: GREETING must be a word']);
  });
});
