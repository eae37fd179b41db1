import dns from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import type { PushServiceHost } from '../../config.ts';

/** Every address a host name resolves to (tests pass their own, to play DNS). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const resolveWithSystem: ResolveHost = (hostname) =>
  dns.lookup(hostname, { all: true, order: 'verbatim' });

/** How long resolving a push service's host may take when a browser subscribes. */
const RESOLVE_TIMEOUT_MS = 5000;

/**
 * A push endpoint the server will not send to (not https, not an allowed host, or on an address
 * that is not public): sending to it again can never work.
 */
export class PushEndpointRefused extends Error {
  override name = 'PushEndpointRefused';
}

/**
 * Whether an address is on the public internet: ipaddr.js's `unicast` range, after an IPv4
 * address inside IPv6 (`::ffff:10.0.0.1`) is taken as the IPv4 address it is. Loopback, private
 * (RFC 1918), carrier-grade NAT, link-local, unique-local, unspecified, multicast, broadcast,
 * documentation, 6to4, Teredo, NAT64 and every other reserved range are not.
 */
export function isPublicAddress(address: string): boolean {
  if (net.isIP(address) === 0) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export interface PushEndpointPolicyOptions {
  /** PUSH_SERVICE_HOSTS: when set, the only hosts sent to, on any address. */
  allowedHosts: readonly PushServiceHost[] | undefined;
  resolve?: ResolveHost;
  /** A CA certificate (PEM) to trust besides the system's: the tests' local push service. */
  trustedCa?: string;
}

export interface PushEndpointPolicy {
  /**
   * Why the server will not send to this endpoint, or null when it will; asked when a browser
   * subscribes (the host name is resolved).
   */
  refusalOf(endpoint: string): Promise<string | null>;
  /**
   * Connects to push services only as the policy allows, checking the addresses it actually
   * connects to: a host that resolved to a public address when subscribing and resolves to a
   * private one now (DNS rebinding) fails with `PushEndpointRefused`, as does a redirect.
   */
  dispatcher: Dispatcher;
}

const unbracketed = (hostname: string): string =>
  hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

type Verdict = { refused: string } | { publicAddressesOnly: boolean };

/** One message whether the name is unknown or private: what an internal name resolves to stays unsaid. */
const notPublic = (hostname: string) => `${hostname} does not resolve to public addresses only`;

export function createPushEndpointPolicy(options: PushEndpointPolicyOptions): PushEndpointPolicy {
  const { allowedHosts, trustedCa } = options;
  const resolve = options.resolve ?? resolveWithSystem;

  /** What can be told without DNS. */
  const judge = (protocol: string, rawHostname: string, port: number): Verdict => {
    const hostname = unbracketed(rawHostname);
    if (protocol !== 'https:') return { refused: 'must be an https:// address of a push service' };
    if (allowedHosts) {
      const listed = allowedHosts.some((h) => h.hostname === hostname && h.port === port);
      return listed
        ? { publicAddressesOnly: false }
        : { refused: `${hostname}:${port} is not a push service this server sends to` };
    }
    if (net.isIP(hostname) !== 0 && !isPublicAddress(hostname)) {
      return { refused: `${hostname} is not a public address` };
    }
    return { publicAddressesOnly: true };
  };

  /**
   * The host's addresses, every one of them public when they must be (else `PushEndpointRefused`).
   * A name that does not resolve fails with the resolver's error: at send time that is a network
   * failure like any other, retried.
   */
  const checkedAddresses = async (hostname: string): Promise<LookupAddress[]> => {
    const addresses = await resolve(hostname);
    if (addresses.length === 0) throw new Error(`${hostname} has no address`);
    if (!allowedHosts && addresses.some((a) => !isPublicAddress(a.address))) {
      throw new PushEndpointRefused(notPublic(hostname));
    }
    return addresses;
  };

  const lookup: LookupFunction = (hostname, lookupOptions: LookupOptions, callback) => {
    checkedAddresses(hostname).then(
      (all) => {
        const family =
          lookupOptions.family === 'IPv4'
            ? 4
            : lookupOptions.family === 'IPv6'
              ? 6
              : lookupOptions.family;
        const addresses =
          family === 4 || family === 6 ? all.filter((a) => a.family === family) : all;
        const [first] = addresses;
        if (!first) {
          callback(new Error(`${hostname} has no IPv${family} address`), '', 0);
        } else if (lookupOptions.all) {
          callback(null, addresses);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(error, '', 0),
    );
  };

  const connect = buildConnector({ lookup, ...(trustedCa && { ca: trustedCa }) });
  const dispatcher = new Agent({
    connect: (connectOptions, callback) => {
      const verdict = judge(
        connectOptions.protocol,
        connectOptions.hostname,
        Number(connectOptions.port || 443),
      );
      if ('refused' in verdict) {
        callback(new PushEndpointRefused(verdict.refused), null);
        return;
      }
      connect(connectOptions, callback);
    },
  });

  return {
    dispatcher,
    async refusalOf(endpoint) {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        return 'must be an https:// address of a push service';
      }
      const verdict = judge(url.protocol, url.hostname, Number(url.port || 443));
      if ('refused' in verdict) return verdict.refused;
      const hostname = unbracketed(url.hostname);
      if (!verdict.publicAddressesOnly || net.isIP(hostname) !== 0) return null;
      let timer: NodeJS.Timeout | undefined;
      const tooLate = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${hostname} could not be resolved in time`)),
          RESOLVE_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([checkedAddresses(hostname), tooLate]);
        return null;
      } catch {
        // Private, unknown or slow to resolve: a browser's push service is none of these.
        return notPublic(hostname);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The refusal behind a failed request (fetch wraps the connection's error as its cause). */
export function refusalBehind(error: unknown): PushEndpointRefused | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof PushEndpointRefused) return cause;
  }
  return undefined;
}
