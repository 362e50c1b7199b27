/** The site's one date format, shared with the server's messages (see contracts/dates). */
export { formatDay, formatDayTime } from '@contracts/dates';
