import { config } from 'zod';

// zod compiles object parsers with `new Function` unless told not to, probing for it first; the
// server's CSP forbids eval, and Chrome reports the refused probe as a policy violation (an issue
// in DevTools and in Lighthouse's best practices) although zod catches it. Imported first by
// app/start.tsx: the probe runs when a schema is created, at import time.
config({ jitless: true });
