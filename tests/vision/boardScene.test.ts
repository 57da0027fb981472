// The held-out board renderer (bench/vision/boardScene.ts) must report truth that matches its
// pictures: the corners it writes must be where the board's field corners are drawn, in the
// project's order (a12, h12, h0, a0), and the taps on the two stones beside the board.
import { describe, expect, it } from 'vitest'
import { linear, zoneOf, FIELD_COLUMNS, FIELD_ROWS } from '../../bench/vision/boardPrint.ts'
import { cameraFromPose, project, rayThrough, render, type Exposure, type Scene } from '../../bench/vision/boardScene.ts'
import { chooseBoard, fieldHomography, truthFor } from '../../bench/vision/heldOutBoards.ts'

/** The board of the held-out set, small and lit evenly from everywhere, so a pixel's light is its albedo. */
function evenlyLit(index: number, keepStones: boolean) {
  const board = chooseBoard(5, index)
  const scene: Scene = {
    ...board.scene,
    stones: keepStones ? board.scene.stones : [],
    papers: [],
    lamp: { ...board.scene.lamp, intensity: 0 },
    ambient: 1,
    ambientGradient: { direction: [1, 0], rate: 0 },
    occluder: null,
  }
  const scale = 240 / Math.max(board.pose.width, board.pose.height)
  const pose = { ...board.pose, width: Math.round(board.pose.width * scale), height: Math.round(board.pose.height * scale) }
  const camera = cameraFromPose(pose)
  return { scene, camera, taps: board.taps, truth: truthFor(scene, camera, board.taps, board.truth) }
}

const lightAt = (exposure: Exposure, x: number, y: number) => {
  const at = (Math.round(y) * exposure.width + Math.round(x)) * 3
  return [exposure.light[at]!, exposure.light[at + 1]!, exposure.light[at + 2]!]
}

describe('held-out board renderer', () => {
  it('projects a board point to the pixel whose ray comes back to it', () => {
    const { camera } = evenlyLit(0, false)
    for (const [x, y, z] of [[-4, -6.5, 0.05], [4, 6.5, 0.05], [1.3, -2.2, 0.4], [-7, 9, 0]]) {
      const pixel = project(camera, [x!, y!, z!])
      const d = rayThrough(camera, pixel.x, pixel.y)
      const t = (z! - camera.position[2]) / d[2]
      expect(camera.position[0] + t * d[0]).toBeCloseTo(x!, 6)
      expect(camera.position[1] + t * d[1]).toBeCloseTo(y!, 6)
    }
  })

  it.each([0, 1, 2, 3])('board %i: the truth corners put every cell where its print is drawn', (index) => {
    const { scene, camera, truth } = evenlyLit(index, false)
    const exposure = render(scene, camera)
    const at = fieldHomography(truth.corners)
    for (let row = 0; row < FIELD_ROWS; row++) {
      for (let col = 0; col < FIELD_COLUMNS; col++) {
        const zone = zoneOf(col, row)
        const expected = linear(zone ? scene.print.zones[zone] : scene.print.frame)
        const centre = at(col + 0.5, row + 0.5)
        const seen = lightAt(exposure, centre.x, centre.y)
        for (let c = 0; c < 3; c++) expect(seen[c]!, `${'abcdefgh'[col]}${row}`).toBeCloseTo(expected[c]!, 2)
      }
    }
  })

  it.each([0, 1, 2, 3, 4, 5, 6, 7])('board %i: a12, h12, h0, a0 run clockwise in the photo, as a camera (never a mirror) sees the field', (index) => {
    // The print is symmetric under a ↔ h, so the cells alone cannot tell a mirrored truth.
    const { truth } = evenlyLit(index, false)
    const c = truth.corners
    const area = c.reduce((sum, p, i) => sum + p.x * c[(i + 1) % 4]!.y - c[(i + 1) % 4]!.x * p.y, 0)
    expect(area).toBeGreaterThan(0)
  })

  it.each([0, 1, 2, 3])('board %i: the taps land on the tops of the stones beside the board', (index) => {
    const { scene, camera, taps, truth } = evenlyLit(index, true)
    const exposure = render(scene, camera)
    for (const side of ['red', 'blue'] as const) {
      const tap = truth.taps[side]
      const expected = linear(taps[side].colour)
      const seen = lightAt(exposure, tap.x, tap.y)
      for (let c = 0; c < 3; c++) expect(seen[c]!).toBeCloseTo(expected[c]!, 1)
    }
  })
})
