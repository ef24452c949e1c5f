// Calendar sync (issue 28, decisions 1220–1221): the screen's texts, said once.
export const CALENDAR_SYNC_TEXT = {
  title: 'Calendar sync',
  description: 'Your jobs in Google, Apple or Outlook Calendar, kept up to date.',
  feedsTitle: 'Live feeds of your jobs',
  feedsHelp:
    'Subscribe to an address in your calendar app (Google: Other calendars → From URL). Keep it private: anyone with it sees the jobs. Calendar apps refresh a subscription every few hours.',
  fetchFailed: 'Could not load your calendar feeds.',
  copied: 'The feed address is on your clipboard.',
  copyFailed: 'Copy failed: select the address and copy it.',
  rotated: 'The feed has a new address. Subscribe to it again; the old one no longer works.',
  rotateDescription:
    'Calendars subscribed to the old address stop receiving jobs. Subscribe again with the new address. This cannot be undone.',
} as const;
