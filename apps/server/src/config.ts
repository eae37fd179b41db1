import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const port = z.coerce.number().int().min(0).max(65535);

/** A push service the server may send to: its host name (or IP address) and port. */
export interface PushServiceHost {
  /** Lower case; an IPv6 address without brackets. */
  hostname: string;
  port: number;
}

/** `host[:port]`, the port 443 unless given; an IPv6 address in brackets (`[fd00::1]:8443`). */
function parsePushServiceHost(entry: string): PushServiceHost | undefined {
  if (/[/?#@\\\s]/.test(entry)) return undefined;
  let url: URL;
  try {
    url = new URL(`https://${entry}`);
  } catch {
    return undefined;
  }
  return { hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port || 443) };
}

const ZPushServiceHosts = optionalText.transform((value, context) => {
  if (value === undefined) return undefined;
  const hosts: PushServiceHost[] = [];
  for (const entry of value.split(',').map((item) => item.trim())) {
    const host = entry === '' ? undefined : parsePushServiceHost(entry);
    if (!host) {
      context.addIssue({
        code: 'custom',
        message: `"${entry}" is not host[:port] (comma-separated, e.g. push.example.org,10.0.0.5:8443)`,
      });
      return z.NEVER;
    }
    hosts.push(host);
  }
  return hosts;
});

const ZEnv = z.object({
  PORT: port.default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Keep Kid Busy <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  FACEBOOK_AUTHORIZATION_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.url().default('https://graph.facebook.com/me?fields=id,name,email'),
  WEATHER_PROVIDER: z.enum(['open-meteo', 'fixed']).default('open-meteo'),
  OPEN_METEO_URL: z.url().default('https://api.open-meteo.com'),
  OPEN_METEO_GEOCODING_URL: z.url().default('https://geocoding-api.open-meteo.com'),
  LLM_BASE_URL: optionalText.pipe(z.url().optional()),
  LLM_MODEL: optionalText,
  LLM_API_KEY: optionalText,
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  // RFC 8292: the push service's contact for the sender, a mailto: or https: address.
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// address')
    .default('mailto:admin@localhost'),
  PUSH_SERVICE_HOSTS: ZPushServiceHosts,
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .transform((v): boolean | string[] => {
      if (v === '' || v === 'false') return false;
      if (v === 'true') return true;
      return v.split(',').map((address) => address.trim());
    }),
  METRICS: z.enum(['true', 'false', '']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalText,
});

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Serve Prometheus metrics at /metrics. */
  metrics: boolean;
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  oauth: { google?: OAuthProviderConfig; facebook?: OAuthProviderConfig };
  weather: { provider: 'open-meteo' | 'fixed'; openMeteoUrl: string; geocodingUrl: string };
  llm: { baseUrl: string; model: string; apiKey: string | undefined } | undefined;
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /**
   * The only push services the server sends to, which may then be on private addresses; when
   * undefined, any https host that resolves to public addresses.
   */
  pushServiceHosts: PushServiceHost[] | undefined;
  logLevel: string;
  /**
   * Whether to believe X-Forwarded-For (client IP for rate limits): false, true or the proxies'
   * addresses. Off by default, so a client cannot pick its own IP.
   */
  trustProxy: boolean | string[];
  /** Built web app to serve; undefined when there is none (API only). */
  webDistDir: string | undefined;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const pair = (
    name: string,
    id: string | undefined,
    secret: string | undefined,
    urls: Pick<OAuthProviderConfig, 'authorizationUrl' | 'tokenUrl' | 'userinfoUrl'>,
  ): OAuthProviderConfig | undefined => {
    if (!id && !secret) return undefined;
    if (!id || !secret) {
      throw new ConfigError(
        `Invalid configuration:\n  ${name}_CLIENT_ID and ${name}_CLIENT_SECRET must be set together`,
      );
    }
    return { clientId: id, clientSecret: secret, ...urls };
  };
  if (e.LLM_BASE_URL && !e.LLM_MODEL) {
    throw new ConfigError('Invalid configuration:\n  LLM_MODEL: required when LLM_BASE_URL is set');
  }
  const google = pair('GOOGLE', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, {
    authorizationUrl: e.GOOGLE_AUTHORIZATION_URL,
    tokenUrl: e.GOOGLE_TOKEN_URL,
    userinfoUrl: e.GOOGLE_USERINFO_URL,
  });
  const facebook = pair('FACEBOOK', e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET, {
    authorizationUrl: e.FACEBOOK_AUTHORIZATION_URL,
    tokenUrl: e.FACEBOOK_TOKEN_URL,
    userinfoUrl: e.FACEBOOK_USERINFO_URL,
  });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    metrics: e.METRICS === 'true',
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oauth: { ...(google && { google }), ...(facebook && { facebook }) },
    weather: {
      provider: e.WEATHER_PROVIDER,
      openMeteoUrl: e.OPEN_METEO_URL.replace(/\/$/, ''),
      geocodingUrl: e.OPEN_METEO_GEOCODING_URL.replace(/\/$/, ''),
    },
    llm: e.LLM_BASE_URL
      ? { baseUrl: e.LLM_BASE_URL, model: e.LLM_MODEL ?? '', apiKey: e.LLM_API_KEY }
      : undefined,
    vapid: {
      ...vapidPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY),
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
    },
    pushServiceHosts: e.PUSH_SERVICE_HOSTS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
  };
}

/** VAPID keys come as a pair (both set, or both generated into DATA_DIR). */
function vapidPair(
  publicKey: string | undefined,
  privateKey: string | undefined,
): { publicKey: string | undefined; privateKey: string | undefined } {
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
  }
  return { publicKey, privateKey };
}
