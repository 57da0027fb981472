// The match screen's strings, registered once when the first match component loads.
import { registerMessages } from '../../i18n/index.ts'
import matchMessages from '../../i18n/messages/match.ts'

registerMessages(matchMessages)
