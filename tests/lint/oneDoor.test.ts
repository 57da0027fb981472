// @vitest-environment node
// The one door into the engine (issue 8 item 2, docs/architecture.md): ESLint refuses an
// import of engine/<file>.ts from outside engine/, and lets engine/index.ts through. The
// project's own eslint.config.js is run on snippets placed where real files would be.
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function oneDoorMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message)
}

const BEHIND_THE_DOOR = "import { judgeMove } from '../../engine/judge.ts'\nexport const judge = judgeMove\n"
const THROUGH_THE_DOOR = "import { judgeMove } from '../../engine/index.ts'\nexport const judge = judgeMove\n"

describe('ESLint: one door into the engine', () => {
  // Loading the config and its plugins takes a few seconds on a busy machine.
  beforeAll(() => eslint.calculateConfigForFile('components/tools/Snippet.ts'), 60_000)

  it('refuses a component importing a file behind the facade', async () => {
    const messages = await oneDoorMessages(BEHIND_THE_DOOR, 'components/tools/Snippet.ts')
    expect(messages).toEqual([expect.stringContaining('Import the rules through engine/index.ts')])
  })

  it('refuses it in a .vue file and in a store too', async () => {
    const vue = `<script setup lang="ts">\nimport { parseMove } from '../../engine/notation.ts'\nparseMove('d0 reverse 1-1')\n</script>\n<template><p>x</p></template>\n`
    expect(await oneDoorMessages(vue, 'components/throw/Snippet.vue')).toHaveLength(1)
    expect(await oneDoorMessages("import type { Move } from '../engine/types.ts'\nexport type M = Move\n", 'stores/snippet.ts')).toHaveLength(1)
  })

  it('lets engine/index.ts through', async () => {
    expect(await oneDoorMessages(THROUGH_THE_DOOR, 'components/tools/Snippet.ts')).toEqual([])
  })

  it('inside engine/ the files import each other freely', async () => {
    expect(await oneDoorMessages("import { judgeMove } from './judge.ts'\nexport const judge = judgeMove\n", 'engine/snippet.ts')).toEqual([])
  })
})
