/**
 * useSettingsStore — language and theme, persisted in `local:settings` (storageItems.ts).
 *
 * state
 *   locale: 'en' | 'ru'            the language shown; defaults to the browser's (i18n detectLocale)
 *   localeChoice: 'en'|'ru'|null   what the user chose; null = follow the browser
 *   theme: 'light'|'dark'|'system'
 *   loaded: boolean                true once storage has been read
 *   problem: string | null         a stored value that was not valid settings (kept aside in quarantine)
 * getters
 *   effectiveTheme: 'light'|'dark' the theme after resolving 'system' (prefers-color-scheme)
 * actions
 *   load(): Promise<void>          read storage, apply, and follow changes made by other pages
 *   setLocale(locale): Promise<void>   switch language at once (i18n setLocale) and persist
 *   setTheme(theme): Promise<void>     persist; the page root gets data-theme="light|dark|system"
 *                                      (styles/theme.css: 'system' lets prefers-color-scheme decide, live)
 *   stopWatching(): void
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { detectLocale, setLocale as applyLocale } from '../i18n/index.ts'
import {
  DEFAULT_SETTINGS,
  quarantineItem,
  settingsItem,
  type LocaleChoice,
  type StoredSettings,
  type ThemeChoice,
} from './storageItems.ts'

const THEMES: readonly ThemeChoice[] = ['light', 'dark', 'system']

/** A stored settings value is used only field by field as far as it is valid. */
function sanitize(raw: unknown): StoredSettings {
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<Record<keyof StoredSettings, unknown>>
  return {
    locale: value.locale === 'en' || value.locale === 'ru' ? value.locale : DEFAULT_SETTINGS.locale,
    theme: THEMES.includes(value.theme as ThemeChoice) ? (value.theme as ThemeChoice) : DEFAULT_SETTINGS.theme,
  }
}

/** Whether a stored value is exactly these settings (any key order, nothing more). */
function sameSettings(raw: unknown, settings: StoredSettings): boolean {
  if (typeof raw !== 'object' || raw === null) return false
  const value = raw as Record<string, unknown>
  return Object.keys(value).length === 2 && value.locale === settings.locale && value.theme === settings.theme
}

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
}

export const useSettingsStore = defineStore('settings', () => {
  const localeChoice = ref<LocaleChoice | null>(null)
  const theme = ref<ThemeChoice>('system')
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
    applyLocale(locale.value)
    if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme.value
  }

  async function load(): Promise<void> {
    const raw: unknown = await settingsItem.getValue()
    const settings = sanitize(raw)
    // Whatever was not valid is kept aside, then replaced by the usable part.
    if (!sameSettings(raw, settings)) {
      const kept = await quarantineItem.getValue()
      const entry = { key: 'local:settings', reason: 'not valid settings', at: new Date().toISOString(), raw }
      await quarantineItem.setValue([...(Array.isArray(kept) ? kept : []), entry])
      await settingsItem.setValue(settings)
      problem.value = entry.reason
    }
    apply(settings)
    loaded.value = true
    unwatch?.()
    unwatch = settingsItem.watch((next) => apply(sanitize(next)))
  }

  async function persist(): Promise<void> {
    await settingsItem.setValue({ locale: localeChoice.value, theme: theme.value })
  }

  async function setLocale(next: LocaleChoice): Promise<void> {
    apply({ locale: next, theme: theme.value })
    await persist()
  }

  async function setTheme(next: ThemeChoice): Promise<void> {
    apply({ locale: localeChoice.value, theme: next })
    await persist()
  }

  function stopWatching(): void {
    unwatch?.()
    unwatch = null
  }

  return { locale, localeChoice, theme, loaded, problem, effectiveTheme, load, setLocale, setTheme, stopWatching }
})
