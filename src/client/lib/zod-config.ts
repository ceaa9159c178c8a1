import { z } from 'zod';

// The page's Content-Security-Policy forbids eval (script-src 'self'), so zod's faster parsers,
// compiled with `new Function`, can never run here. Without this, zod tries once to find out and
// the browser reports the blocked attempt as a CSP violation. It has to run before any schema is
// built: main.tsx imports this module first.
z.config({ jitless: true });
