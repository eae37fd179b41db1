import type { TOAuthProvider } from '@kkb/core/auth/schemas';
import * as oauth from 'oauth4webapi';
import type { OAuthProviderConfig } from '../../config.ts';

/** What we keep of a provider's account. */
export interface OAuthProfile {
  providerUserId: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

const SCOPES: Record<TOAuthProvider, string> = {
  google: 'openid email profile',
  facebook: 'email public_profile',
};

/**
 * One provider's authorization-code flow with PKCE (S256), built from configured endpoints
 * rather than discovery so that tests and self-hosters can point them anywhere.
 */
export class OAuthClient {
  readonly #provider: TOAuthProvider;
  readonly #as: oauth.AuthorizationServer;
  readonly #client: oauth.Client;
  readonly #clientAuth: oauth.ClientAuth;
  readonly #userinfoUrl: URL;
  readonly #redirectUri: string;
  readonly #requestOptions: { [oauth.allowInsecureRequests]?: boolean };

  constructor(provider: TOAuthProvider, config: OAuthProviderConfig, redirectUri: string) {
    this.#provider = provider;
    // Google's ID tokens name https://accounts.google.com, the origin of its authorization URL;
    // the same holds for a local OIDC test server, so the origin serves as the expected issuer.
    this.#as = {
      issuer: new URL(config.authorizationUrl).origin,
      authorization_endpoint: config.authorizationUrl,
      token_endpoint: config.tokenUrl,
      userinfo_endpoint: config.userinfoUrl,
    };
    this.#client = { client_id: config.clientId };
    this.#clientAuth = oauth.ClientSecretPost(config.clientSecret);
    this.#userinfoUrl = new URL(config.userinfoUrl);
    this.#redirectUri = redirectUri;
    // Plain http is only accepted for endpoints on this machine (local test providers).
    const local = [config.tokenUrl, config.userinfoUrl].every((u) =>
      ['localhost', '127.0.0.1', '[::1]'].includes(new URL(u).hostname),
    );
    this.#requestOptions = local ? { [oauth.allowInsecureRequests]: true } : {};
  }

  /** The provider URL to send the browser to, given a fresh state and PKCE verifier. */
  async authorizationUrl(state: string, codeVerifier: string): Promise<string> {
    const url = new URL(this.#config('authorization_endpoint'));
    url.searchParams.set('client_id', this.#client.client_id);
    url.searchParams.set('redirect_uri', this.#redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', SCOPES[this.#provider]);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
    return url.href;
  }

  /** Validates the callback, redeems the code and reads the user's profile. Throws on failure. */
  async complete(
    callbackParams: URLSearchParams,
    expectedState: string,
    codeVerifier: string,
  ): Promise<OAuthProfile> {
    const params = oauth.validateAuthResponse(
      this.#as,
      this.#client,
      callbackParams,
      expectedState,
    );
    const response = await oauth.authorizationCodeGrantRequest(
      this.#as,
      this.#client,
      this.#clientAuth,
      params,
      this.#redirectUri,
      codeVerifier,
      this.#requestOptions,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(this.#as, this.#client, response);
    return this.#provider === 'google'
      ? this.#googleProfile(tokens)
      : this.#facebookProfile(tokens.access_token);
  }

  async #googleProfile(tokens: oauth.TokenEndpointResponse): Promise<OAuthProfile> {
    const idClaims = oauth.getValidatedIdTokenClaims(tokens);
    const response = await oauth.userInfoRequest(
      this.#as,
      this.#client,
      tokens.access_token,
      this.#requestOptions,
    );
    const info = await oauth.processUserInfoResponse(
      this.#as,
      this.#client,
      idClaims?.sub ?? oauth.skipSubjectCheck,
      response,
    );
    return {
      providerUserId: info.sub,
      email: info.email,
      emailVerified: info.email_verified === true,
      name: info.name,
      picture: info.picture,
    };
  }

  async #facebookProfile(accessToken: string): Promise<OAuthProfile> {
    const response = await oauth.protectedResourceRequest(
      accessToken,
      'GET',
      this.#userinfoUrl,
      undefined,
      undefined,
      this.#requestOptions,
    );
    if (!response.ok) throw new Error(`Facebook profile request failed: ${response.status}`);
    const body = (await response.json()) as Record<string, unknown>;
    const text = (value: unknown): string | undefined =>
      typeof value === 'string' && value !== '' ? value : undefined;
    const id = text(body.id);
    if (!id) throw new Error('Facebook profile has no id');
    return {
      providerUserId: id,
      email: text(body.email),
      // Facebook only returns addresses its user has confirmed.
      emailVerified: text(body.email) !== undefined,
      name: text(body.name),
      picture: undefined,
    };
  }

  #config(key: 'authorization_endpoint'): string {
    const value = this.#as[key];
    if (!value) throw new Error(`OAuth ${key} missing`);
    return value;
  }
}
