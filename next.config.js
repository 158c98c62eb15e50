// Next.js configuration: native database drivers stay outside the server bundle.
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  typescript: { ignoreBuildErrors: false },
};

module.exports = nextConfig;
