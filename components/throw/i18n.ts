// The throw panel's strings, registered once when the first throw component loads.
import { registerMessages } from '../../i18n/index.ts'
import sheets from '../../i18n/messages/sheets.ts'
import throwMessages from '../../i18n/messages/throw.ts'

registerMessages(throwMessages)
// Referee notes beside rulings reuse the rule sheets' texts of RULES.md §13.
registerMessages(sheets)
