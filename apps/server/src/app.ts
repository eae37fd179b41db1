import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { formatErrorMessage } from '@kkb/core/errors/catalogue';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { z } from 'zod';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { createDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './errors.ts';
import { HTTP_TIMEOUTS, serverTimeoutOptions, type HttpTimeouts } from './http-timeouts.ts';
import {
  API_ENCODINGS,
  BROTLI_OPTIONS,
  GZIP_OPTIONS,
  COMPRESSION_THRESHOLD_BYTES,
} from './lib/compressed-answer.ts';
import { familyRoutes } from './modules/family/routes.ts';
import { membershipRoutes } from './modules/family/membership-routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { createMailer } from './mail/mailer.ts';
import { authRoutes, SESSION_MARKER_COOKIE } from './modules/auth/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { progressRoutes } from './modules/progress/routes.ts';
import { activityRoutes } from './modules/activities/routes.ts';
import { catalogueRoutes } from './modules/activities/catalogue-routes.ts';
import { userActivityRoutes } from './modules/user-activities/routes.ts';
import { weatherRoutes } from './modules/weather/routes.ts';
import { achievementRoutes } from './modules/achievements/routes.ts';
import { animationRoutes } from './modules/animations/routes.ts';
import { registerFrameUploadSweep } from './modules/animations/jobs.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import {
  registerNotificationJobs,
  seedNotificationSweep,
} from './modules/notifications/creators.ts';
import { syncRoutes } from './modules/sync/routes.ts';
import { createWeatherService } from './modules/weather/service.ts';
import { createRateLimitStore, type RateLimitStore } from './modules/auth/rate-limit.ts';
import { isSignInLive } from './modules/auth/repository.ts';
import { createAccessTokens, type AccessTokens } from './plugins/authenticate.ts';
import { registerFamilyAccess } from './plugins/family-access.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerDataVersions } from './plugins/data-versions.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerApiContract, truthfulDocument } from './plugins/api-contract.ts';
import { createBroadcast, type Broadcast } from './plugins/broadcast.ts';
import { createLiveEvents } from './plugins/live-events.ts';
import { registerFamilyWrites } from './plugins/family-writes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { plannerRoutes } from './modules/planner/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { createPushEndpointPolicy, type ResolveHost } from './modules/push/endpoint-policy.ts';
import { createPushService, type PushService } from './modules/push/service.ts';
import { resolveVapidKeys } from './modules/push/vapid.ts';
import { createJobs, type Jobs } from './jobs/jobs.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { resolveSecret } from './plugins/secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    accessTokens: AccessTokens;
    /** Where rate limits count: shared by every process on PostgreSQL, in memory on SQLite. */
    rateLimitStore: RateLimitStore;
    appVersion: string;
    clock: Clock;
    broadcast: Broadcast;
    jobs: Jobs;
    push: PushService;
  }
}

export interface BuildOptions {
  /** An open database to use instead of creating one from the config (tests). */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** The app's time (jobs, notifications); tests pass a clock they move. */
  clock?: Clock;
  /**
   * Poll for due jobs in the background (default). Tests turn it off and call `app.jobs.runDue()`
   * when they have moved the clock.
   */
  runJobs?: boolean;
  /** How often due jobs are looked for (ms). */
  jobPollMs?: number;
  /** Heartbeat interval of the live event stream (ms). */
  heartbeatMs?: number;
  /** How long a push service may take to answer (ms). */
  pushTimeoutMs?: number;
  /** How push services' host names are resolved (tests play DNS); the system's resolver otherwise. */
  pushResolver?: ResolveHost;
  /**
   * A CA certificate (PEM) trusted for push services besides the system's: the tests' local push
   * service has a certificate of its own. Nothing in production sets it.
   */
  pushTrustedCa?: string;
  /** How long the planner's language model may take before the rules' plan is served (ms). */
  modelTimeoutMs?: number;
  /** How long the server waits on a client; `HTTP_TIMEOUTS` unless a test shortens them. */
  httpTimeouts?: Partial<HttpTimeouts>;
}

/**
 * The rules of the API that no single schema states (the document's description). The test
 * suite holds every request and answer of the server's tests to the document
 * (test/api-contract-guard.ts).
 */
const API_RULES = [
  'Errors answer `{detail, code}` with the status listed under each operation.',
  'A length limit holds for a text as sent; the text is then trimmed of surrounding white space,',
  'and a required one must hold more than white space. No text may contain U+0000. JSON bodies',
  'nest at most 32 levels. Properties a body schema does not name are ignored, and so is a body',
  'sent to an operation that takes none; a request that says it sends JSON must send some. Some',
  'rules span several fields (a range whose minimum is not above its maximum, latitude with',
  'longitude) or the data (a limit per family, a token that must be valid): they answer 400 and',
  'their detail names the field.',
].join(' ');

/** Path segments this long are one-time secrets (download and invite tokens), never logged. */
const SECRET_SEGMENT = /^[A-Za-z0-9_-]{20,}$/;

/**
 * The request path as logs show it: the route's pattern when one matched ("/files/download/:token"),
 * else the path with secret-looking segments and the query string left out.
 */
export function loggablePath(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  if (request.routeOptions.url) return request.routeOptions.url;
  const pathname = request.url.split('?')[0] ?? '';
  return pathname
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(segment) ? ':secret' : segment))
    .join('/');
}

const appVersion: string = (
  createRequire(import.meta.url)('../package.json') as { version: string }
).version;

/** Builds the whole server: API, docs and the web app. Runs migrations before it answers. */
export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // No personal data in logs: no e-mail addresses, names, passwords or tokens.
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              '*.password',
              '*.token',
              '*.email',
              '*.to',
              '*.name',
            ],
            ...(options.logStream && { stream: options.logStream }),
            serializers: {
              // Query strings and some paths carry one-time secrets: see loggablePath.
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: loggablePath(request),
                remoteAddress: request.ip,
              }),
            },
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...serverTimeoutOptions({ ...HTTP_TIMEOUTS, ...options.httpTimeouts }),
    clientErrorHandler: answerClientError,
    // Errors of the router and of a closing server leave as {detail, code} too (errors.ts).
    frameworkErrors: answerFrameworkError,
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? createDatabase(config);
  await migrateToLatest(database.db, database.pgSchema);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('appVersion', appVersion);
  app.decorate('rateLimitStore', createRateLimitStore(database));
  // Before the caches that listen to it (access tokens, family access).
  const broadcast = createBroadcast(database, config.databaseUrl, app.log);
  await broadcast.ready();
  app.decorate('broadcast', broadcast);
  app.decorate(
    'accessTokens',
    createAccessTokens(resolveSecret(config.dataDir, 'jwt-secret', config.jwtSecret), {
      async loadStanding(userId) {
        const row = await database.db
          .selectFrom('users')
          .select(['isActive', 'tokensValidAfter'])
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!row || row.isActive !== 1) return undefined;
        return {
          tokensValidAfterMs:
            row.tokensValidAfter === null ? null : Date.parse(row.tokensValidAfter),
        };
      },
      isSessionLive: (sessionId) => isSignInLive(database.db, sessionId),
      broadcast,
    }),
  );
  // Set by authenticate on signed-in routes; empty elsewhere (declared up front for V8's sake).
  app.decorateRequest('userId', '');
  app.decorateRequest('tokenIssuedAtMs', 0);
  app.decorateRequest('sessionId', '');
  app.decorate(
    'mailer',
    createMailer({
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
    }),
  );
  app.decorate('weather', createWeatherService(config.weather, { log: app.log }));
  const clock = options.clock ?? systemClock;
  app.decorate('clock', clock);
  const jobs = createJobs(database, clock, app.log);
  app.decorate('jobs', jobs);
  const pushEndpoints = createPushEndpointPolicy({
    allowedHosts: config.pushServiceHosts,
    ...(options.pushResolver && { resolve: options.pushResolver }),
    ...(options.pushTrustedCa !== undefined && { trustedCa: options.pushTrustedCa }),
  });
  app.decorate(
    'push',
    createPushService({
      database,
      jobs,
      clock,
      log: app.log,
      vapid: { ...resolveVapidKeys(config.dataDir, config.vapid), subject: config.vapid.subject },
      endpoints: pushEndpoints,
      ...(options.pushTimeoutMs !== undefined && { timeoutMs: options.pushTimeoutMs }),
    }),
  );
  if (options.runJobs ?? true) {
    app.addHook('onReady', async () => jobs.start(options.jobPollMs ?? 5000));
  }
  // Closing runs hooks in order: stop the work, then the messages, then the database.
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onClose', () => pushEndpoints.dispatcher.close());
  app.addHook('onClose', () => broadcast.close());
  if (!options.database) app.addHook('onClose', () => database.destroy());

  registerErrorHandling(app);
  registerApiContract(app);
  registerInputGuard(app);
  registerDataVersions(app);
  registerFamilyAccess(app);
  registerIdempotency(app);
  registerFamilyWrites(app, createLiveEvents(broadcast, app.log));
  if (config.metrics) registerMetrics(app);

  // Security headers on every answer, from a middleware built once (@fastify/helmet built it
  // anew for every request, parsing the CSP each time: a fifth of a small answer's time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only makes sense behind TLS; PUBLIC_URL tells whether the deployment has it.
    strictTransportSecurity: config.publicUrl.startsWith('https://')
      ? { maxAge: 15552000, includeSubDomains: true }
      : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => {
      done(error instanceof Error ? error : undefined);
    });
  });
  await app.register(cookie);
  // API answers over 1 KB go out compressed (a phone on a poor connection pays for every byte);
  // the web app's files are compressed at build time and served as they are (preCompressed).
  // Answers sent many times (cached recommendations) keep their compressed bytes instead
  // (lib/compressed-answer.ts), with the same settings.
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...API_ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Keep Kid Busy API', version: appVersion, description: API_RULES },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document
        ? truthfulDocument(document.openapiObject)
        : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get(
    '/api/openapi.json',
    {
      schema: {
        tags: ['system'],
        summary: 'This OpenAPI document',
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    () => app.swagger() as unknown as Record<string, unknown>,
  );

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(familyRoutes);
      await api.register(membershipRoutes);
      await api.register(fileRoutes);
      await api.register(progressRoutes);
      await api.register(activityRoutes);
      await api.register(catalogueRoutes);
      await api.register(userActivityRoutes);
      await api.register(weatherRoutes);
      await api.register(achievementRoutes);
      await api.register(animationRoutes);
      await api.register(accountRoutes);
      await api.register(notificationRoutes);
      await api.register(pushRoutes);
      await api.register(plannerRoutes({ modelTimeoutMs: options.modelTimeoutMs }));
      await api.register(syncRoutes);
      await api.register(eventRoutes({ heartbeatMs: options.heartbeatMs ?? 25_000 }));
    },
    { prefix: '/api/v1' },
  );

  registerNotificationJobs(app);
  // Every process seeds the notification sweep; its slot's key keeps it one job.
  app.addHook('onReady', () => seedNotificationSweep(app));
  registerFrameUploadSweep(app);

  registerWebApp(app, config.webDistDir);
  return app;
}

/** The pages the build prerenders as the sign-in form (apps/web/scripts/prerender.mjs). */
const SIGN_IN_PATHS = new Set(['/', '/login']);

/**
 * Serves the built web app; any non-API path that is not a file gets index.html (history routing),
 * except that `/` and `/login` get the prerendered sign-in page when the browser holds no sign-in
 * (no session marker cookie): its form paints before the scripts arrive.
 */
function registerWebApp(app: FastifyInstance, distDir: string | undefined): void {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && fs.existsSync(indexFile);
  const hasSignInPage = distDir !== undefined && fs.existsSync(path.join(distDir, 'login.html'));
  if (hasWebApp && distDir) {
    void app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed assets never change; the shell and the service worker must always be revalidated.
        const cacheable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          cacheable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // Only page navigations get the app shell; a missing file (e.g. an old hashed asset) is a 404.
    const looksLikeFile = path.posix.extname(pathname) !== '';
    const isNavigation = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && !looksLikeFile && hasWebApp && isNavigation) {
      const signedOut = request.cookies[SESSION_MARKER_COOKIE] !== '1';
      const page =
        hasSignInPage && signedOut && SIGN_IN_PATHS.has(pathname) ? 'login.html' : 'index.html';
      // The same address answers with either page, by the cookie.
      return reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie').sendFile(page);
    }
    return reply.status(404).send({
      detail: formatErrorMessage('DATA_NOT_FOUND', {
        thing: `${request.method} ${pathname}`,
      }),
      code: 'DATA_NOT_FOUND',
    });
  });
}
