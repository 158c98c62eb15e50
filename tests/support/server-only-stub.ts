// Empty stand-in for 'server-only' in vitest, which runs server modules outside Next.js.
export {};
