// Next.js configuration: native database drivers stay outside the server bundle.
/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder per checkout user (NEXT_DIST_DIR) lets parallel builds coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  typescript: { ignoreBuildErrors: false },
};

module.exports = nextConfig;
