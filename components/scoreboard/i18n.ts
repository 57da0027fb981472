// The room's strings (scoreboard, match list at a glance, standings), registered once.
import { registerMessages } from '../../i18n/index.ts'
import roomMessages from '../../i18n/messages/room.ts'

registerMessages(roomMessages)
