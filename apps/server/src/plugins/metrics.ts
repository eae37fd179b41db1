// Prometheus metrics at /metrics (METRICS=true): request rate, errors and latency by route, plus
// Node's process metrics. Routes are labelled by pattern, never by path, so ids and tokens stay out
// and the number of series stays bounded.
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Registers the collectors and the /metrics route on `app`; returns the registry (tests read it). */
export function registerMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'kkb_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'kkb_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'kkb_http_server_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'kkb_http_request_duration_seconds',
    help: 'Time to answer, by method, route pattern and status code',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // Unmatched paths (the web app's pages, 404s) share one label.
    const route = request.routeOptions.url ?? '(unmatched)';
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ method: request.method, route });
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Content-Type', registry.contentType).send(await registry.metrics()),
  );
  return registry;
}
