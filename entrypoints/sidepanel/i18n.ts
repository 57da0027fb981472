// The side panel frame's strings (navigation, settings, storage reports), registered once.
import { registerMessages } from '../../i18n/index.ts'
import sidepanelMessages from '../../i18n/messages/sidepanel.ts'
import storageMessages from '../../i18n/messages/storage.ts'

registerMessages(sidepanelMessages)
registerMessages(storageMessages)
