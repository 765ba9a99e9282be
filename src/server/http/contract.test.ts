import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../shared/api/endpoints';
import { registerErrorHandling } from './errors';
import { AnswerShapeError, registerContracts, serve, servedCalls } from './contract';
import { NotFoundError } from '../errors';
import { startTestApp, testDatabases, type TestApp } from '../testing/test-support';

const address = { id: 'a1', type: 'home', street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postalCode: '8001', country: 'South Africa', isDefault: true } as const;

describe('a call with a contract', () => {
  let app: FastifyInstance;
  const logged: unknown[] = [];
  let answer: unknown;

  beforeAll(async () => {
    app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } } });
    registerErrorHandling(app);
    registerContracts(app);
    // The handler's type is the contract's answer; these tests answer what a buggy service might.
    serve(app, 'addAddress', async (_request, reply) => reply.code(201).send(answer));
    serve(app, 'makeAddressDefault', async () => {
      throw new NotFoundError('Address not found');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const add = () => app.inject({ method: 'POST', url: '/api/profile/addresses', payload: {} });

  it('answers as its schema reads the answer: a field it does not list never leaves the shop', async () => {
    answer = { ...address, userId: 'user-secret', createdAt: new Date(0) };
    const res = await add();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(address);
  });

  it('answers a shape its schema does not allow with a 500 in words and its reference, and logs what was wrong', async () => {
    answer = { ...address, isDefault: 'yes' };
    logged.length = 0;
    const res = await add();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: expect.stringMatching(/^Something went wrong on our side\. Please try again\. \(Reference: .+\)$/) });
    expect(JSON.stringify(logged)).toContain('POST /api/profile/addresses 201 answered a shape its contract does not allow: isDefault');
    expect(new AnswerShapeError('GET /x 200', []).message).toBe('GET /x 200 answered a shape its contract does not allow: ');
  });

  it('leaves refusals as they are: the contract is for the answer on success', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/profile/addresses/a1/default', payload: {} });
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Address not found', code: 'not_found' }]);
  });
});

describe('the shop serves every call of the contract', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp(testDatabases()[0]!);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('at the method and path the browser calls, with its answer schema', () => {
    for (const [name, { method, path }] of Object.entries(endpoints)) {
      expect(shop.app.hasRoute({ method, url: path }), `${method} ${path}`).toBe(true);
      expect(servedCalls.has(name as EndpointName), `${name} is registered with serve()`).toBe(true);
    }
  });
});
