import type { NextConfig } from 'next';

const config: NextConfig = {
  // Server-only packages with native/WASM parts are loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pg-boss', 'pino', 'drizzle-orm', 'quickjs-emscripten'],
  poweredByHeader: false,
  reactStrictMode: true,
  typescript: { ignoreBuildErrors: false },
};

export default config;
