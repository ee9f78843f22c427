/** The Notifications tab's texts (spec 3 §2, §8). */
export const NOTIFICATIONS_TAB_TEXT = {
  messageNotifications: 'Message Notifications',
  messageNotificationsHint: 'Pop-ups, sounds and system notifications for mentions, @everyone and direct messages.',
  updateFailedTitle: 'Update Settings Failed',
  updateFailed: 'Failed to update system notification settings',
  soundTheme: 'Sound Theme',
  playSound: 'Play Sound',
  pushSwitch: 'Push Notifications on This Browser',
  pushHint: 'Direct messages and mentions reach this browser even when Hearth is closed.',
  enableFailed: 'Push notifications could not be turned on in this browser.',
  sendTest: 'Send Test Notification',
  testSentTitle: 'Test Sent',
  testFailedTitle: 'Test Failed',
  testFailed: 'Failed to send test push notification',
  testError: 'Error testing push notification',
} as const;
