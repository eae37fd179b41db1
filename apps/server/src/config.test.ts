import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('works out of the box with every value defaulted', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.weather.provider).toBe('open-meteo');
    expect(config.trustProxy).toBe(false);
    expect(config.oauth).toEqual({});
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ WEATHER_PROVIDER: 'sunshine' }, 'WEATHER_PROVIDER'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ VAPID_PUBLIC_KEY: 'public-only' }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_SUBJECT: 'admin@example.org' }, 'VAPID_SUBJECT'],
  ])('stops with a message naming the bad variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('turns on social sign-in only when both halves are set', () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.oauth.google?.clientId).toBe('id');
    expect(config.oauth.facebook).toBeUndefined();
  });

  it('trusts forwarded addresses only when told which proxies to trust', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
  });

  it('PUSH_SERVICE_HOSTS: comma-separated host[:port], the port 443 unless given', () => {
    expect(loadConfig({}).pushServiceHosts).toBeUndefined();
    expect(loadConfig({ PUSH_SERVICE_HOSTS: ' ' }).pushServiceHosts).toBeUndefined();
    expect(
      loadConfig({ PUSH_SERVICE_HOSTS: 'Push.Example.org, 10.0.0.5:8443,[FD00::1]:9443' })
        .pushServiceHosts,
    ).toEqual([
      { hostname: 'push.example.org', port: 443 },
      { hostname: '10.0.0.5', port: 8443 },
      { hostname: 'fd00::1', port: 9443 },
    ]);
    for (const bad of [
      'https://push.example.org',
      'push.example.org/path',
      'push.example.org:99999',
      'user@push.example.org',
      'push.example.org,,other.example.org',
      'push example.org',
    ]) {
      expect(() => loadConfig({ PUSH_SERVICE_HOSTS: bad }), bad).toThrow(
        /PUSH_SERVICE_HOSTS: ".*" is not host\[:port\]/,
      );
    }
  });
});
