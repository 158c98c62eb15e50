import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { SiteHeader } from '@/components/shell/site-header';
import { Providers } from './providers';
import './globals.css';

export const metadata: Metadata = {
  title: 'Responses Playground',
  description: 'Try, demo and inspect requests to the Agent Response Creation Service',
};

export default function RootLayout({ children }: { children: ReactNode }) {
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
