// Every user-facing string comes through here, in Russian and English (game terms as in
// RULES.md §11). Messages live beside the feature that owns them, in i18n/messages/*.ts,
// each exporting { en, ru } with the same keys; a test checks that both languages agree.
import { computed, ref, type Ref } from 'vue'
import common from './messages/common.ts'

export type Locale = 'en' | 'ru'
export const LOCALES: readonly Locale[] = ['en', 'ru']
export type MessageTable = Record<string, string>
export interface MessageModule {
  en: MessageTable
  ru: MessageTable
}

const tables: Record<Locale, MessageTable> = { en: {}, ru: {} }
const version = ref(0)

/** Adds a feature's strings. Lazy features (the photo tools) register when they load. */
export function registerMessages(module: MessageModule): void {
  Object.assign(tables.en, module.en)
  Object.assign(tables.ru, module.ru)
  version.value++
}

registerMessages(common)

/** The browser's language decides the default: Russian for ru-*, English otherwise. */
export function detectLocale(language: string | undefined = globalThis.navigator?.language): Locale {
  return language?.toLowerCase().startsWith('ru') ? 'ru' : 'en'
}

export const locale: Ref<Locale> = ref(detectLocale())

export function setLocale(next: Locale): void {
  locale.value = next
  if (typeof document !== 'undefined') document.documentElement.lang = next
}

/**
 * The string for a key in the current language, with {name} placeholders filled in.
 * A missing key shows itself in brackets, so a gap is visible rather than blank.
 */
export function t(key: string, params: Record<string, string | number> = {}): string {
  void version.value // re-render when a lazy module registers
  const template = tables[locale.value][key] ?? tables.en[key]
  if (template === undefined) return `⟦${key}⟧`
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}

const pluralRules = new Map<Locale, Intl.PluralRules>()

/**
 * The plural form of a count in a language, by Intl.PluralRules: Russian one (1, 21 …),
 * few (2–4, 22–24 …), many (the rest); English one or many. ('other', for fractions,
 * reads as many: the message tables have one, few and many.)
 */
export function pluralForm(count: number, currentLocale: Locale = locale.value): 'one' | 'few' | 'many' {
  let rules = pluralRules.get(currentLocale)
  if (rules === undefined) pluralRules.set(currentLocale, (rules = new Intl.PluralRules(currentLocale)))
  const form = rules.select(count)
  return form === 'one' || form === 'few' ? form : 'many'
}

/** t() for a counted noun: looks up `${key}.one|few|many` (pluralForm) and fills {count}; any key may use it. */
export function tn(key: string, count: number, params: Record<string, string | number> = {}): string {
  return t(`${key}.${pluralForm(count)}`, { count, ...params })
}

export function useI18n() {
  return { t, tn, locale: computed(() => locale.value), setLocale }
}
