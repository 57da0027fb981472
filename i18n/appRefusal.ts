// A refusal by the app itself rather than the rules: a save the browser did not take, a
// screen that was behind another page, an input over its size limit. Like the engine's coded
// refusals it keeps how to say it (a message key and its values), so explainError says it in
// the user's language and again after a language switch; its English message is for bug reports.
export type AppRefusalParams = Readonly<Record<string, string | number>>

export class AppRefusal extends Error {
  override name = 'AppRefusal'
  constructor(
    /** A key of i18n/messages (storage.error.*, input.*). */
    readonly key: string,
    readonly params: AppRefusalParams,
    english: string,
    options?: ErrorOptions,
  ) {
    super(english, options)
  }
}

export function isAppRefusal(error: unknown): error is AppRefusal {
  return error instanceof AppRefusal
}
