import { defineConfig } from 'vitest/config'

// End-to-end tests drive the built extension (.output/chrome-mv3) in Debian's Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
