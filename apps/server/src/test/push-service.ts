import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import selfsigned from 'selfsigned';

/** Host names the push service's certificate is good for besides 127.0.0.1 (tests resolve them). */
export const PUSH_TEST_DOMAIN = 'push.test';

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: crypto.ECDH;
}

export interface ReceivedPush {
  path: string;
  /** The decrypted payload (RFC 8291), parsed as JSON. */
  message: unknown;
  ttl: number;
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

type Answer = { status: number; headers?: Record<string, string>; delayMs?: number };

/**
 * A push service on this machine that speaks the Web Push protocol over HTTPS: it checks the
 * VAPID JWT (RFC 8292: ES256 over the key in `k`, `aud` the endpoint's origin, `exp` within 24 h,
 * `sub` a contact) and decrypts the `aes128gcm` body (RFC 8188 / RFC 8291) with the device's
 * private key. Answers are scripted per device path (default 201).
 *
 * Its certificate is self-signed, made now, for 127.0.0.1 and `*.push.test`: the app under test
 * trusts it through `pushTrustedCa: ca`, and sends to it when `PUSH_SERVICE_HOSTS` is `host`.
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const rejected: { path: string; reason: string }[] = [];
  const script = new Map<string, Answer[]>();
  const devices = new Map<string, TestDevice & { origin: string }>();
  const certificate = await selfsigned.generate(
    [{ name: 'commonName', value: 'Test push service' }],
    {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 7, ip: '127.0.0.1' },
            { type: 2, value: `*.${PUSH_TEST_DOMAIN}` },
          ],
        },
      ],
    },
  );

  const server = https.createServer(
    { key: certificate.private, cert: certificate.cert },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void (async () => {
          const path = req.url ?? '';
          const answer = script.get(path)?.shift() ?? { status: 201 };
          if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
          try {
            const device = devices.get(path);
            if (!device) throw new Error('unknown subscription');
            const vapid = await checkVapid(req.headers.authorization, device.origin);
            if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
            const ttl = Number(req.headers.ttl);
            if (!Number.isInteger(ttl) || ttl < 0) throw new Error('TTL header missing');
            const plaintext = decryptAes128gcm(Buffer.concat(chunks), device);
            if (answer.status < 300) {
              received.push({ path, message: JSON.parse(plaintext.toString('utf8')), ttl, vapid });
            }
            res.writeHead(answer.status, answer.headers).end();
          } catch (error) {
            rejected.push({ path, reason: (error as Error).message });
            res.writeHead(400).end();
          }
        })();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;
  const origin = `https://${host}`;

  return {
    origin,
    /** Where it listens, as PUSH_SERVICE_HOSTS names it. */
    host,
    port,
    /** Its certificate (PEM), the one CA the app must trust to reach it. */
    ca: certificate.cert,
    received,
    rejected,
    /**
     * A new browser subscription at this service; on `hostname` (a name under `push.test` that
     * the test resolves to 127.0.0.1) instead of 127.0.0.1 when given.
     */
    device(hostname?: string): TestDevice {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const path = `/push/${crypto.randomUUID()}`;
      const deviceOrigin = hostname ? `https://${hostname}:${port}` : origin;
      const device = {
        origin: deviceOrigin,
        endpoint: `${deviceOrigin}${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: crypto.randomBytes(16).toString('base64url'),
        },
        ecdh,
      };
      devices.set(path, device);
      return device;
    },
    /** The next answers to a device's messages, in order. */
    answer(device: TestDevice, ...answers: Answer[]) {
      script.set(new URL(device.endpoint).pathname, answers);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function checkVapid(header: string | undefined, origin: string) {
  const match = header?.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
  if (!match) throw new Error('no VAPID authorization');
  const [, token = '', publicKey = ''] = match;
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], audience: origin });
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now || payload.exp > now + 86_400) {
    throw new Error('exp must be within 24 hours');
  }
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) {
    throw new Error('sub must be a mailto: or https: contact');
  }
  return { aud: String(payload.aud), exp: payload.exp, sub: payload.sub, publicKey };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188 §2: one record, the sender's key in the header's keyid. */
function decryptAes128gcm(body: Buffer, device: TestDevice): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] ?? 0;
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65) throw new Error('keyid must be the sender public key');
  if (record.length > recordSize) throw new Error('more than one record');
  const userAgentPublicKey = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    userAgentPublicKey,
    senderPublicKey,
  ]);
  const ikm = hkdf(Buffer.from(device.keys.auth, 'base64url'), ecdhSecret, keyInfo, 32);
  const contentKey = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}
