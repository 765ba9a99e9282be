/**
 * The yardstick for GET /api/products: a bare node:http server sending the same prepared bytes.
 * Started by bench/servers.ts as: node --import tsx bench/baseline-server.ts PORT HOST BODY_FILE HEADERS_JSON
 */
import fs from 'node:fs';
import http from 'node:http';

const [port, host, bodyFile, headersJson] = process.argv.slice(2);
if (!port || !host || !bodyFile || !headersJson) {
  console.error('usage: baseline-server.ts PORT HOST BODY_FILE HEADERS_JSON');
  process.exit(2);
}

const body = fs.readFileSync(bodyFile);
const headers = { ...(JSON.parse(headersJson) as Record<string, string>), 'content-length': String(body.length) };

http
  .createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(port), host);
