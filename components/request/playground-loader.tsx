'use client';
// Loads the playground in the browser only: the draft comes from localStorage, so there is nothing useful to render on the server.
import dynamic from 'next/dynamic';

export const PlaygroundLoader = dynamic(() => import('./playground').then((module) => module.Playground), {
  ssr: false,
  loading: () => <p className="text-sm text-fg-muted" data-testid="playground-loading">Loading the request builder…</p>,
});
