// The Web Worker that reads photos off the page's thread (issue 4): a large photo takes
// a good fraction of a second, and the side panel must stay responsive meanwhile.
import { runVisionRequest, type VisionCall, type VisionReply } from './visionRequest.ts'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<VisionCall>) => void) | null
  postMessage: (reply: VisionReply) => void
}

scope.onmessage = (event) => {
  const { id, request } = event.data
  try {
    const result = runVisionRequest(request, (fraction) => scope.postMessage({ id, type: 'progress', fraction }))
    scope.postMessage({ id, type: 'result', result })
  } catch (error) {
    scope.postMessage({ id, type: 'error', message: error instanceof Error ? error.message : String(error) })
  }
}
