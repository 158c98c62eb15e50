// The root layout: renders every page per request (for its CSP nonce), with the theme from its cookie, the site header and the providers.
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { SiteHeader } from '@/components/shell/site-header';
import { parseThemeChoice, themeAttribute, THEME_COOKIE } from '@/components/shell/theme';
import { Providers } from './providers';
import './globals.css';

export const metadata: Metadata = {
  title: 'Responses Playground',
  description: 'Try, demo and inspect requests to the Agent Response Creation Service',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, so each gets the nonce of its Content-Security-Policy.
  await connection();
  // The theme switch's choice, rendered on <html> so the first paint has the right colours.
  const themeChoice = parseThemeChoice((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang="en" data-theme={themeAttribute(themeChoice)}>
      <body className="min-h-screen bg-canvas text-fg antialiased">
        <a
          href="#main-content"
          data-testid="skip-link"
          className="sr-only rounded-md bg-accent px-3 py-2 text-sm font-medium text-on-accent focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
        >
          Skip to content
        </a>
        <Providers>
          <SiteHeader themeChoice={themeChoice} />
          <main id="main-content" tabIndex={-1} className="mx-auto max-w-screen-2xl min-w-0 px-3 py-4 focus:outline-none sm:px-4">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
