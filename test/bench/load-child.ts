// The load generator, in its own process so it never shares the server's event loop.
//   load-child.ts <json options>  ->  prints { rps, p50_ms, p99_ms, non2xx, errors }
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]!) as { url: string; method?: string; body?: string; headers?: Record<string, string>; connections: number; duration: number };
const result = await autocannon({
  url: options.url,
  method: options.method ?? 'GET',
  body: options.body,
  headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
  connections: options.connections,
  duration: options.duration,
});
console.log(
  JSON.stringify({
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }),
);
