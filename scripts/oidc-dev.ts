/**
 * A local OpenID Connect server standing in for Google, to try Google sign-in without the internet.
 *
 *   npm run oidc-dev
 *
 * It signs every sign-in in at once, without a login screen, as one shopper whose Google account
 * has a verified email. Settings (all optional): OIDC_DEV_PORT (default 4011), OIDC_DEV_EMAIL,
 * OIDC_DEV_NAME. Start the shop in another terminal with the settings it prints. Stop with Ctrl-C.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import { z } from 'zod';

const settingsSchema = z.object({
  OIDC_DEV_PORT: z.coerce.number().int().min(1).max(65535).default(4011),
  OIDC_DEV_EMAIL: z.email('OIDC_DEV_EMAIL must be an email address').default('shopper@example.co.za'),
  OIDC_DEV_NAME: z.string().trim().min(1).default('Sam Shopper'),
});

const parsed = settingsSchema.safeParse(process.env);
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(2);
}
const { OIDC_DEV_PORT: port, OIDC_DEV_EMAIL: email, OIDC_DEV_NAME: name } = parsed.data;

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
try {
  await server.start(port, '127.0.0.1');
} catch (err) {
  console.error(`Could not listen on 127.0.0.1:${port} (${(err as Error).message}). Set OIDC_DEV_PORT to a free port.`);
  process.exit(1);
}
// The address the shop fetches and the browser visits; it is also the `iss` of the ID tokens.
server.issuer.url = `http://127.0.0.1:${port}`;
server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, { sub: `local-${email}`, email, email_verified: true, name });
});

console.log(`Local OpenID Connect server at ${server.issuer.url}, signing everyone in as ${name} <${email}>.

Start the shop with:

  GOOGLE_CLIENT_ID=flag-shop-dev GOOGLE_CLIENT_SECRET=flag-shop-dev-secret \\
  GOOGLE_DISCOVERY_URL=${server.issuer.url}/.well-known/openid-configuration npm start

then Sign In -> Continue with Google. Ctrl-C stops this server.`);

const stop = () => {
  void server.stop().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
