import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'
import { WxtVitest } from 'wxt/testing/vitest-plugin'

export default defineConfig({
  plugins: [vue(), WxtVitest()],
  test: {
    environment: 'happy-dom',
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // Property tests and photo readers take seconds on a loaded 2-core machine; a hung test
    // still fails, just not at Vitest's default 5 s.
    testTimeout: 30_000,
  },
})
