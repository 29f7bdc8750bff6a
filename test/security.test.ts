// No route reads the operator store, the hand-off key, the document store or any file by path;
// traversal and oversized inputs are refused.
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, call, type TestServer } from './helpers/server.ts';
import { OPERATOR_STORE_FILE } from '../contract/overlay.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => server?.close());

test('no path reaches the files beside the snapshots or the repository', async (t) => {
  // Make every private file exist, so a route that served it would have something to send.
  fs.writeFileSync(path.join(server.dir, OPERATOR_STORE_FILE), 'SECRET-OPERATOR-CONTENT');
  const secret = fs.existsSync(path.join(server.dir, '.handoff-secret')) ? fs.readFileSync(path.join(server.dir, '.handoff-secret'), 'utf8') : 'none';
  const snapshot = fs.readdirSync(server.dir).find((name) => name.endsWith('.sqlite') && name.startsWith('rcfe'))!;
  const targets = [
    `/${OPERATOR_STORE_FILE}`,
    `/snapshots/${OPERATOR_STORE_FILE}`,
    '/.handoff-secret',
    '/documents.sqlite',
    `/${snapshot}`,
    '/package.json',
    '/assets/../package.json',
    '/assets/..%2f..%2fpackage.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/facility/..%2f..%2f..%2fetc%2fpasswd',
    '/guides/..%2F..%2Fpackage.json',
    '/api/v1/facilities/..%2F..%2Fpackage.json',
    `/assets/${'a'.repeat(5000)}`,
  ];
  for (const target of targets) {
    const reply = await call(server.url + target);
    t.true(reply.status >= 400 && reply.status < 500, `${target}: ${reply.status}`);
    t.false(reply.text.includes('SECRET-OPERATOR-CONTENT'), target);
    t.false(reply.text.includes('"dependencies"'), target);
    t.false(reply.text.includes('root:x:0:0'), target);
    if (secret !== 'none') t.false(reply.text.includes(secret), target);
    t.false(reply.text.startsWith('SQLite format 3'), target);
  }
});

test('an oversized query or header is refused, never a 500', async (t) => {
  const long = 'x'.repeat(20_000);
  for (const url of [`/api/v1/facilities?county=${long}`, `/?q=${long}`, `/api/facilities/suggest?q=${long}`, `/plan?h=${long}`]) {
    const reply = await call(server.url + url);
    t.true(reply.status >= 400 && reply.status < 500, `${url.slice(0, 40)}: ${reply.status}`);
  }
});
