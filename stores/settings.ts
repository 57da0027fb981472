/**
 * useSettingsStore — language and theme, persisted in `local:settings` (storageItems.ts).
 *
 * state
 *   locale: 'en' | 'ru'            the language shown; defaults to the browser's (i18n detectLocale)
 *   localeChoice: 'en'|'ru'|null   what the user chose; null = follow the browser
 *   theme: 'light'|'dark'|'system'
 *   cardLetters: 'latin'|'russian' face cards shown as J Q K A or В Д К Т (i18n/cardLetters.ts)
 *   loaded: boolean                true once storage has been read
 *   problem: string | null         a stored value that was not valid settings (set aside: setAside.ts)
 * getters
 *   effectiveTheme: 'light'|'dark' the theme after resolving 'system' (prefers-color-scheme)
 * actions
 *   load(): Promise<void>          read storage, apply, and follow changes made by other pages
 *   setLocale(locale): Promise<void>   switch language at once (i18n setLocale) and persist
 *   setTheme(theme): Promise<void>     persist; the page root gets data-theme="light|dark|system"
 *   setCardLetters(letters): Promise<void>   persist; every card on screen is relabelled at once
 *                                      (styles/theme.css: 'system' lets prefers-color-scheme decide, live)
 *   stopWatching(): void
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { setCardLetters as applyCardLetters } from '../i18n/cardLetters.ts'
import { detectLocale, setLocale as applyLocale } from '../i18n/index.ts'
import * as v from 'valibot'
import { setAside, sizeOf } from './setAside.ts'
import {
  DEFAULT_SETTINGS,
  type CardLetters,
  settingsItem,
  type LocaleChoice,
  type StoredSettings,
  type ThemeChoice,
} from './storageItems.ts'

const THEMES: readonly ThemeChoice[] = ['light', 'dark', 'system']
const CARD_LETTERS: readonly CardLetters[] = ['latin', 'russian']

/** A stored settings value is used only field by field as far as it is valid (valibot: each field falls back to its default). */
const SettingsShape = v.object({
  locale: v.fallback(v.nullable(v.picklist(['en', 'ru'] as const)), DEFAULT_SETTINGS.locale),
  theme: v.fallback(v.picklist(THEMES), DEFAULT_SETTINGS.theme),
  cardLetters: v.fallback(v.picklist(CARD_LETTERS), DEFAULT_SETTINGS.cardLetters),
})

function sanitize(raw: unknown): StoredSettings {
  return v.parse(SettingsShape, typeof raw === 'object' && raw !== null ? raw : {})
}

/**
 * Whether a stored value holds nothing invalid: every field it has is one of these settings
 * with a valid value. A field it lacks is not damage (a newer setting) and takes its default.
 */
function nothingInvalid(raw: unknown, settings: StoredSettings): boolean {
  if (typeof raw !== 'object' || raw === null) return false
  return Object.entries(raw).every(([key, value]) => key in settings && settings[key as keyof StoredSettings] === value)
}

function complete(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && Object.keys(DEFAULT_SETTINGS).every((key) => key in raw)
}

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
}

export const useSettingsStore = defineStore('settings', () => {
  const localeChoice = ref<LocaleChoice | null>(null)
  const theme = ref<ThemeChoice>('system')
  const cardLetters = ref<CardLetters>(DEFAULT_SETTINGS.cardLetters)
  const loaded = ref(false)
  const problem = ref<string | null>(null)
  const locale = computed<LocaleChoice>(() => localeChoice.value ?? detectLocale())
  const effectiveTheme = computed<'light' | 'dark'>(() =>
    theme.value === 'system' ? (prefersDark() ? 'dark' : 'light') : theme.value,
  )
  let unwatch: (() => void) | null = null

  function apply(settings: StoredSettings): void {
    localeChoice.value = settings.locale
    theme.value = settings.theme
    cardLetters.value = settings.cardLetters
    applyLocale(locale.value)
    applyCardLetters(settings.cardLetters)
    if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme.value
  }

  async function load(): Promise<void> {
    const raw: unknown = await settingsItem.getValue()
    const settings = sanitize(raw)
    // Whatever was not valid is kept aside, then replaced by the usable part.
    if (!nothingInvalid(raw, settings)) {
      const reason = 'not valid settings'
      await setAside([{ key: 'local:settings', reason, at: new Date().toISOString(), raw, size: sizeOf(raw) }])
      await settingsItem.setValue(settings).catch(() => undefined)
      problem.value = reason
    } else if (!complete(raw)) {
      await settingsItem.setValue(settings).catch(() => undefined)
    }
    apply(settings)
    loaded.value = true
    unwatch?.()
    unwatch = settingsItem.watch((next) => apply(sanitize(next)))
  }

  async function persist(): Promise<void> {
    await settingsItem.setValue({ locale: localeChoice.value, theme: theme.value, cardLetters: cardLetters.value })
  }

  async function setLocale(next: LocaleChoice): Promise<void> {
    apply({ locale: next, theme: theme.value, cardLetters: cardLetters.value })
    await persist()
  }

  async function setTheme(next: ThemeChoice): Promise<void> {
    apply({ locale: localeChoice.value, theme: next, cardLetters: cardLetters.value })
    await persist()
  }

  async function setCardLetters(next: CardLetters): Promise<void> {
    apply({ locale: localeChoice.value, theme: theme.value, cardLetters: next })
    await persist()
  }

  function stopWatching(): void {
    unwatch?.()
    unwatch = null
  }

  return { locale, localeChoice, theme, cardLetters, loaded, problem, effectiveTheme, load, setLocale, setTheme, setCardLetters, stopWatching }
})
