'use client';
// The header that moves between the four pages, marking the current one.
import Link from 'next/link';
import { usePathname } from 'next/navigation';

const LINKS = [
  { href: '/', label: 'Playground', testId: 'nav-playground' },
  { href: '/jobs', label: 'Jobs', testId: 'nav-jobs' },
  { href: '/chains', label: 'Chains', testId: 'nav-chains' },
  { href: '/settings', label: 'Settings', testId: 'nav-settings' },
] as const;

export function SiteHeader() {
  const pathname = usePathname();
  return (
    <header className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950" data-testid="site-header">
      <nav aria-label="Main" className="mx-auto flex max-w-screen-2xl items-center gap-6 px-4 py-3">
        <span className="font-semibold text-zinc-900 dark:text-zinc-100">Responses Playground</span>
        <ul className="flex gap-1">
          {LINKS.map((link) => {
            const isCurrent = link.href === '/' ? pathname === '/' : pathname.startsWith(link.href);
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  data-testid={link.testId}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={`rounded px-3 py-1.5 text-sm ${
                    isCurrent
                      ? 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900'
                      : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'
                  }`}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
