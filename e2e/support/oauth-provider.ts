import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  OAuth2Server,
  type MutableRedirectUri,
  type MutableResponse,
  type MutableToken,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server';

/** The person a sign-in at the local provider authenticates as. */
export interface ProviderIdentity {
  sub: string;
  email: string;
  name: string;
}

/** The display name every provider identity carries, so tests can look for it on screen. */
export const PROVIDER_USER_NAME = 'Riley Provider';

export interface RunningOAuthProvider {
  /** Issuer URL without a trailing slash; its `/authorize`, `/token` and `/userinfo` serve both providers. */
  url: string;
  stop(): Promise<void>;
}

/**
 * One oauth2-mock-server standing in for Google and Facebook. Each authorization code is a new
 * person (a fresh `sub` and e-mail), so every OAuth test starts from an account nobody used yet,
 * whichever worker runs it. The identity follows the code into the tokens and the userinfo answer,
 * whose body carries both Google's (`sub`, `email_verified`) and Facebook's (`id`) field names.
 */
export async function startOAuthProvider(): Promise<RunningOAuthProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const identityByCode = new Map<string, ProviderIdentity>();
  const identityBySub = new Map<string, ProviderIdentity>();

  server.service.on('beforeAuthorizeRedirect', (redirect: MutableRedirectUri) => {
    const code = redirect.url.searchParams.get('code');
    if (!code) return;
    const sub = crypto.randomUUID();
    const identity = { sub, email: `provider-${sub}@example.test`, name: PROVIDER_USER_NAME };
    identityByCode.set(code, identity);
    identityBySub.set(sub, identity);
  });

  server.service.on(
    'beforeTokenSigning',
    (token: MutableToken, req: TokenRequestIncomingMessage) => {
      const code = req.body.code;
      const identity = code === undefined ? undefined : identityByCode.get(code);
      if (!identity) return;
      Object.assign(token.payload, {
        sub: identity.sub,
        email: identity.email,
        email_verified: true,
        name: identity.name,
      });
    },
  );

  server.service.on('beforeUserinfo', (response: MutableResponse, req: IncomingMessage) => {
    // Only tokens issued here for a known identity are accepted, as a real provider would.
    const identity = identityBySub.get(accessTokenSubject(req) ?? '');
    if (!identity) {
      response.statusCode = 401;
      response.body = { error: 'invalid_token' };
      return;
    }
    response.body = {
      sub: identity.sub,
      id: identity.sub,
      email: identity.email,
      email_verified: true,
      name: identity.name,
    };
  });

  await server.start(0, '127.0.0.1');
  const url = (server.issuer.url ?? '').replace(/\/$/, '');
  return { url, stop: () => server.stop() };
}

/**
 * The `sub` claim of the access token, sent as a Bearer header (Google) or as the
 * `access_token` query parameter (Facebook's Graph API accepts both).
 */
function accessTokenSubject(req: IncomingMessage): string | undefined {
  const token =
    req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ??
    new URL(req.url ?? '/', 'http://localhost').searchParams.get('access_token') ??
    undefined;
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      sub?: unknown;
    };
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}
