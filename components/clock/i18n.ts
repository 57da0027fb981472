// The clock's strings, registered once when the first clock component loads.
import { registerMessages } from '../../i18n/index.ts'
import clockMessages from '../../i18n/messages/clock.ts'

registerMessages(clockMessages)
