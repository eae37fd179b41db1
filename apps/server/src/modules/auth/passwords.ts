import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** OWASP Password Storage Cheat Sheet: argon2id, m=19456 KiB, t=2, p=1. */
const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/** How many of the ranked common passwords are refused (OWASP ASVS 5.0 V6). */
export const COMMON_PASSWORD_COUNT = 3000;

// The native hash runs on the libuv pool, so the event loop keeps serving other requests.
export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same work as a real check, so an unknown account answers as slowly as a known one. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy password for timing equalisation');
  await verifyPassword(await dummyHash, password);
}

let commonPasswords: Promise<ReadonlySet<string>> | undefined;
/** The top entries of zxcvbn-ts's ranked common-password list, loaded once on first use. */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT)),
  );
  return commonPasswords;
}

/** Case-insensitive, as the list is lower-case and "Password1" is as guessable as "password1". */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}
