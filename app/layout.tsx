import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { SiteHeader } from '@/components/shell/site-header';
import { Providers } from './providers';
import './globals.css';

export const metadata: Metadata = {
  title: 'Responses Playground',
  description: 'Try, demo and inspect requests to the Agent Response Creation Service',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, so each gets the nonce of its Content-Security-Policy.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-zinc-50 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
        <Providers>
          <SiteHeader />
          <main className="mx-auto max-w-screen-2xl px-4 py-4">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
