// The board's strings, registered once when the board first loads.
import { registerMessages } from '../../i18n/index.ts'
import boardMessages from '../../i18n/messages/board.ts'

registerMessages(boardMessages)
