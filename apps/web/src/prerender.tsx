// Build time only (scripts/prerender.mjs): the sign-in page rendered to HTML, so a phone paints
// the real form before any script has loaded; the browser then hydrates it (app/start.tsx).
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppShell } from './app/app';
import { AppRoutes } from './app/router';

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : String(chunk);
  return text;
}

/** The markup of `url` for a signed-out visitor, and the style tags it needs in the head. */
export async function renderSignedOut(url: string): Promise<{ html: string; styleTags: string }> {
  const { pathname, search } = new URL(url);
  // The browser's default emotion cache uses the key 'css' and adopts style tags of that key.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppShell>
          <StaticRouter location={`${pathname}${search}`}>
            <AppRoutes />
          </StaticRouter>
        </AppShell>
      </CacheProvider>
    </StrictMode>,
  );
  const html = await streamToString(prelude);
  return { html, styleTags: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}
