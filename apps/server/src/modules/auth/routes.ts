import {
  ZLoginBody,
  ZOAuthCallbackQuery,
  ZOAuthExchangeBody,
  ZOAuthExchangeResponse,
  ZOAuthProviderParams,
  ZPasswordChangeBody,
  ZPasswordResetConfirmBody,
  ZPasswordResetRequestBody,
  ZProviders,
  ZRefreshBody,
  ZRegisterBody,
  ZRegisterResponse,
  ZTokenSet,
  ZUser,
  ZVerifyEmailQuery,
  ZVerifyEmailResponse,
} from '@kkb/core/auth/schemas';
import { REFRESH_IDLE_TTL_MS } from '@kkb/core/auth/sessions';
import { ZApiError } from '@kkb/core/errors/api-error';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { createLoginLockoutStore } from './login-lockout.ts';
import { AuthService, PASSWORD_RESET_MAIL_JOB } from './service.ts';

export const REFRESH_COOKIE = 'kkb_refresh';
/**
 * Readable by the web app (not httpOnly, no secret in it) and living as long as the refresh
 * cookie: it tells a freshly opened page whether there is a sign-in to restore, so a signed-out
 * visitor's page does not ask /refresh for an expected 401.
 */
export const SESSION_MARKER_COOKIE = 'kkb_session';
const COOKIE_PATH = '/api/v1/auth';
const tags = ['auth'];
const bearer = [{ bearer: [] }];
const ZNoContent = z.null().describe('No content');
const ZAccepted = z.undefined().describe('Accepted; no content');
const ZRedirect = z.null().describe('A redirect: the address is in the Location header');

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AuthService({
    db: app.database.db,
    dbKind: app.database.kind,
    config: app.config,
    accessTokens: app.accessTokens,
    mailer: app.mailer,
    log: app.log,
    now: () => app.clock.now(),
    rateLimitStore: app.rateLimitStore,
    jobs: app.jobs,
    loginLockouts: createLoginLockoutStore(app.database),
  });
  app.jobs.handle(PASSWORD_RESET_MAIL_JOB, (payload, context) =>
    service.mailPasswordReset(payload, context),
  );
  const secureCookie = app.config.publicUrl.startsWith('https://');
  const appOrigin = new URL(app.config.publicUrl).origin;

  // Token answers (and every other auth answer) must never be kept by a browser or proxy cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  /**
   * The refresh cookie is sent by the browser whoever asks, so a request that relies on it must
   * come from the app itself: refused when the browser says it is cross-site (Sec-Fetch-Site) or
   * names another origin than the app's (PUBLIC_URL) and the address it was sent to (Host, e.g.
   * the Vite dev server). Clients without these headers (not browsers) cannot be made to send
   * someone's cookie.
   */
  const assertSameOrigin = (request: FastifyRequest): void => {
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const sameOrigin =
      origin === undefined ||
      origin === appOrigin ||
      (URL.canParse(origin) && new URL(origin).host === request.headers.host);
    if (fetchSite === 'cross-site' || !sameOrigin) {
      throw new AppError(
        403,
        'PERMISSION_DENIED',
        'Cross-site requests may not use the sign-in cookie',
      );
    }
  };

  const setRefreshCookie = (reply: FastifyReply, token: string): void => {
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      path: COOKIE_PATH,
      maxAge: REFRESH_IDLE_TTL_MS / 1000,
    });
    reply.setCookie(SESSION_MARKER_COOKIE, '1', {
      sameSite: 'strict',
      secure: secureCookie,
      path: '/',
      maxAge: REFRESH_IDLE_TTL_MS / 1000,
    });
  };
  const clearRefreshCookie = (reply: FastifyReply): void => {
    reply.clearCookie(REFRESH_COOKIE, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      path: COOKIE_PATH,
    });
    reply.clearCookie(SESSION_MARKER_COOKIE, {
      sameSite: 'strict',
      secure: secureCookie,
      path: '/',
    });
  };
  const presentedRefreshToken = (
    request: FastifyRequest,
    body: { refresh_token?: string | undefined } | null | undefined,
  ): string | undefined => {
    if (body?.refresh_token !== undefined) return body.refresh_token;
    const cookie = request.cookies[REFRESH_COOKIE];
    if (cookie !== undefined) assertSameOrigin(request);
    return cookie;
  };

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account (sends an e-mail verification mail); 10 per IP per hour',
        body: ZRegisterBody,
        response: { 201: ZRegisterResponse, 409: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const user = await service.register(request.body, request.ip);
      return reply.status(201).send({ user });
    },
  );

  app.get(
    '/auth/verify-email',
    {
      schema: {
        tags,
        summary: 'Confirm an e-mail address with the mailed one-time token',
        querystring: ZVerifyEmailQuery,
        response: { 200: ZVerifyEmailResponse },
      },
    },
    (request) => service.verifyEmail(request.query.token),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: ZLoginBody,
        response: { 200: ZTokenSet, 401: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const tokens = await service.login(request.body, request.ip);
      setRefreshCookie(reply, tokens.refresh_token);
      return tokens;
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Trade a refresh token (body or cookie) for a new token set',
        // Absent entirely when the web app relies on the cookie.
        body: ZRefreshBody.nullish(),
        response: { 200: ZTokenSet, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      // Before the try: a refused cross-site request must not clear the cookie either.
      const token = presentedRefreshToken(request, request.body);
      try {
        if (!token) throw new AppError(401, 'AUTHENTICATION_REQUIRED');
        const tokens = await service.refresh(token);
        setRefreshCookie(reply, tokens.refresh_token);
        return tokens;
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'End this sign-in (refresh token from body or cookie)',
        // Absent entirely when the web app relies on the cookie.
        body: ZRefreshBody.nullish(),
        response: { 204: ZNoContent, 403: ZApiError },
      },
    },
    async (request, reply) => {
      await service.logout(presentedRefreshToken(request, request.body));
      clearRefreshCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/logout-all',
    {
      onRequest: app.accessTokens.authenticate,
      schema: {
        tags,
        summary: 'Sign out of all devices',
        security: bearer,
        response: { 204: ZNoContent },
      },
    },
    async (request, reply) => {
      await service.logoutAll(request.userId);
      clearRefreshCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/password-change',
    {
      onRequest: app.accessTokens.authenticate,
      schema: {
        tags,
        summary: 'Change the password (ends every sign-in)',
        security: bearer,
        body: ZPasswordChangeBody,
        response: { 204: ZNoContent },
      },
    },
    async (request, reply) => {
      await service.changePassword(request.userId, request.body);
      clearRefreshCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.accessTokens.authenticate,
      schema: { tags, summary: 'The signed-in user', security: bearer, response: { 200: ZUser } },
    },
    (request) => service.me(request.userId),
  );

  app.post(
    '/auth/password-reset',
    {
      schema: {
        tags,
        summary: 'Mail a one-time reset link (accepted whether or not the account exists)',
        body: ZPasswordResetRequestBody,
        response: { 202: ZAccepted, 429: ZApiError },
      },
    },
    async (request, reply) => {
      await service.requestPasswordReset(request.body.email, request.ip);
      return reply.status(202).send();
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: ZPasswordResetConfirmBody,
        response: { 204: ZNoContent },
      },
    },
    async (request, reply) => {
      await service.confirmPasswordReset(request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/providers',
    { schema: { tags, summary: 'Configured sign-in methods', response: { 200: ZProviders } } },
    () => service.providers(),
  );

  app.get(
    '/auth/oauth/:provider/start',
    {
      schema: {
        tags,
        summary: 'Redirect to the social sign-in provider',
        params: ZOAuthProviderParams,
        response: { 302: ZRedirect },
      },
    },
    async (request, reply) => reply.redirect(await service.oauthStart(request.params.provider)),
  );

  app.get(
    '/auth/oauth/:provider/callback',
    {
      schema: {
        tags,
        summary: 'Provider callback; redirects to the web app with a one-time code or an error',
        params: ZOAuthProviderParams,
        querystring: ZOAuthCallbackQuery,
        response: { 302: ZRedirect },
      },
    },
    async (request, reply) => {
      const query = Object.fromEntries(
        Object.entries(request.query).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      return reply.redirect(await service.oauthCallback(request.params.provider, query));
    },
  );

  app.post(
    '/auth/oauth/exchange',
    {
      schema: {
        tags,
        summary: 'Trade the one-time sign-in code for a token set',
        body: ZOAuthExchangeBody,
        response: { 200: ZOAuthExchangeResponse, 401: ZApiError },
      },
    },
    async (request, reply) => {
      const tokens = await service.oauthExchange(request.body.code);
      setRefreshCookie(reply, tokens.refresh_token);
      return tokens;
    },
  );
};
