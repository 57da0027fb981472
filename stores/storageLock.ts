// One lock for every write to the saved matches, shared by all pages of the extension (popup,
// side panels): the Web Locks API, whose locks belong to the extension's origin. Inside it a
// page reads what is stored and writes, so two pages acting at the same instant take turns
// and the second sees the first's write. Where the API is missing (the unit tests' DOM), a
// queue in this page does the same for the stores of this page.
const LOCK_NAME = 'curling-referee-storage'

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>
}

let queue: Promise<unknown> = Promise.resolve()

export function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManagerLike | null } | undefined)?.locks
  if (locks && typeof locks.request === 'function') return locks.request(LOCK_NAME, task)
  const run = queue.then(task, task)
  queue = run.catch(() => undefined)
  return run
}
