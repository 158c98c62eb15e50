// Next.js configuration: native database drivers (and the gateway's HTTP client) stay outside the server bundle; security headers on every reply.
const staticSecurityHeaders = require('./lib/security/static-headers.json');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder per checkout user (NEXT_DIST_DIR) lets parallel builds coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'undici'],
  typescript: { ignoreBuildErrors: false },
  experimental: {
    // proxy.ts makes Next buffer request bodies; keep the whole body up to our own limits (the routes answer 413 above them):
    // the proxy's, and a recording file's 50 MiB (RECORDING_MAX_BYTES in lib/schema/recording.ts).
    proxyClientMaxBodySize: Math.max(Number(process.env.PROXY_BODY_LIMIT_BYTES || 20 * 1024 * 1024), 50 * 1024 * 1024) + 1024 * 1024,
  },
  async headers() {
    return [{ source: '/:path*', headers: staticSecurityHeaders }];
  },
};

module.exports = nextConfig;
