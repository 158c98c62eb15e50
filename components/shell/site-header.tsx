'use client';
// The header that moves between the pages, marking the current one, with who is signed in and the theme switch.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cx } from '@/components/ui/cx';
import { AccountMenu } from './account-menu';
import type { ThemeChoice } from './theme';
import { ThemeSwitch } from './theme-switch';

const LINKS = [
  { href: '/', label: 'Playground', testId: 'nav-playground' },
  { href: '/compare', label: 'Compare', testId: 'nav-compare' },
  { href: '/jobs', label: 'Jobs', testId: 'nav-jobs' },
  { href: '/chains', label: 'Chains', testId: 'nav-chains' },
  { href: '/recordings', label: 'Recordings', testId: 'nav-recordings' },
  { href: '/settings', label: 'Settings', testId: 'nav-settings' },
] as const;

export function SiteHeader({ themeChoice }: { themeChoice: ThemeChoice }) {
  const pathname = usePathname();
  return (
    // A paint group (isolate): typing elsewhere on the page reuses its painting (components/request/text-boundary.ts).
    <header className="isolate border-b border-line bg-surface" data-testid="site-header">
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-6 gap-y-2 px-3 py-2.5 sm:px-4">
        <Link href="/" className="order-1 rounded font-semibold text-fg">
          Responses Playground
        </Link>
        <nav aria-label="Main" className="order-3 w-full sm:order-2 sm:w-auto">
          <ul className="flex flex-wrap gap-1">
            {LINKS.map((link) => {
              const isCurrent = link.href === '/' ? pathname === '/' : pathname.startsWith(link.href);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    data-testid={link.testId}
                    aria-current={isCurrent ? 'page' : undefined}
                    className={cx(
                      'inline-flex min-h-9 items-center rounded-md px-3 text-sm font-medium transition-colors',
                      isCurrent ? 'bg-accent-soft text-link' : 'text-fg-muted hover:bg-sunken hover:text-fg',
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="order-2 ml-auto flex items-center gap-2 sm:order-3">
          <AccountMenu />
          <ThemeSwitch initialChoice={themeChoice} />
        </div>
      </div>
    </header>
  );
}
