// The browser's zod. vite.config.ts resolves every `from 'zod'` of the web app and of core to this
// module, so zod is configured before any schema exists, in whichever chunk first needs it (the
// first routes load none). Imported as 'zod/v4', the same module, which the alias leaves alone.
import { config, z } from 'zod/v4';

// zod compiles object parsers with `new Function` unless told not to, probing for it first; the
// server's CSP forbids eval, and Chrome reports the refused probe as a policy violation (an issue
// in DevTools and in Lighthouse's best practices) although zod catches it. The probe runs when a
// schema is created.
config({ jitless: true });

export { config, z };
