/**
 * A Vendure 3 server for the peer comparison, run as a child process by bench/peer.ts:
 *   node --import tsx bench/peer-vendure-server.ts <install dir> <database url> <port> <products.csv>
 * Vendure comes from its own install in <install dir> (not the shop's dependencies). It fills a
 * fresh database with the given products (Vendure's own CSV import) and serves its shop API.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

interface VendureCore {
  bootstrap(config: object): Promise<unknown>;
  bootstrapWorker(config: object): Promise<{ app: { close(): Promise<void> } }>;
  DefaultJobQueuePlugin: unknown;
  DefaultLogger: new (options: { level: number }) => unknown;
  LogLevel: { Warn: number };
}
interface VendureCli {
  populate(bootstrap: () => Promise<{ close(): Promise<void> }>, initialData: object, productsCsvPath: string): Promise<{ close(): Promise<void> }>;
}

const [installDir, databaseUrl, port, productsCsv] = process.argv.slice(2);
if (!installDir || !databaseUrl || !port || !productsCsv) throw new Error('usage: peer-vendure-server.ts <install dir> <database url> <port> <products.csv>');
const load = createRequire(path.join(installDir, 'package.json'));
const vendure = load('@vendure/core') as VendureCore;
const cli = load('@vendure/core/cli') as VendureCli;

const database = new URL(databaseUrl);
const config = {
  apiOptions: { port: Number(port), hostname: '127.0.0.1', adminApiPath: 'admin-api', shopApiPath: 'shop-api' },
  authOptions: { tokenMethod: 'bearer', superadminCredentials: { identifier: 'superadmin', password: 'bench-superadmin' } },
  dbConnectionOptions: {
    type: 'postgres',
    host: database.hostname,
    port: Number(database.port || 5432),
    username: decodeURIComponent(database.username),
    password: decodeURIComponent(database.password),
    database: database.pathname.slice(1),
    synchronize: true,
  },
  paymentOptions: { paymentMethodHandlers: [] },
  logger: new vendure.DefaultLogger({ level: vendure.LogLevel.Warn }),
  plugins: [vendure.DefaultJobQueuePlugin],
};

/** The least a Vendure shop needs to take an order in South Africa: one zone, its VAT and a delivery method. */
const initialData = {
  defaultLanguage: 'en',
  defaultZone: 'Africa',
  taxRates: [{ name: 'VAT', percentage: 15 }],
  shippingMethods: [{ name: 'PAXI', price: 5995 }],
  paymentMethods: [],
  countries: [{ name: 'South Africa', code: 'ZA', zone: 'Africa' }],
  collections: [],
};

const filled = await cli.populate(() => vendure.bootstrapWorker(config).then((worker) => worker.app), initialData, productsCsv);
await filled.close();
await vendure.bootstrap(config);
