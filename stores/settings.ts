/**
 * useSettingsStore — language and theme, persisted in `local:settings` (storageItems.ts).
 *
 * state
 *   locale: 'en' | 'ru'            the language shown; defaults to the browser's (i18n detectLocale)
 *   localeChoice: 'en'|'ru'|null   what the user chose; null = follow the browser
 *   theme: 'light'|'dark'|'system'
 *   loaded: boolean                true once storage has been read
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
import { DEFAULT_SETTINGS, settingsItem, type LocaleChoice, type StoredSettings, type ThemeChoice } from './storageItems.ts'

const THEMES: readonly ThemeChoice[] = ['light', 'dark', 'system']

/** A stored settings value is used only field by field as far as it is valid. */
function sanitize(raw: unknown): StoredSettings {
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<Record<keyof StoredSettings, unknown>>
  return {
    locale: value.locale === 'en' || value.locale === 'ru' ? value.locale : DEFAULT_SETTINGS.locale,
    theme: THEMES.includes(value.theme as ThemeChoice) ? (value.theme as ThemeChoice) : DEFAULT_SETTINGS.theme,
  }
}

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
}

export const useSettingsStore = defineStore('settings', () => {
  const localeChoice = ref<LocaleChoice | null>(null)
  const theme = ref<ThemeChoice>('system')
  const loaded = ref(false)
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
    apply(sanitize(await settingsItem.getValue()))
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

  return { locale, localeChoice, theme, loaded, effectiveTheme, load, setLocale, setTheme, stopWatching }
})
