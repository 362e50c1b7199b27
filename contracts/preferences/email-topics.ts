/** Topics a person can turn off; every other email is transactional (receipts, keys, bookings) and always sent. */
export const EMAIL_TOPICS = ['product_updates', 'newsletter', 'tips_and_offers', 'session_reminders'] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number];

export const EMAIL_TOPIC_INFO: Record<EmailTopic, { label: string; description: string }> = {
  product_updates: { label: 'Product updates', description: 'New versions of SystemSculpt AI and what changed, about once a month.' },
  newsletter: { label: 'Newsletter', description: 'Vault setups and workflows from the community, once a month.' },
  tips_and_offers: { label: 'Tips and offers', description: 'A short tip each week, and the occasional discount.' },
  session_reminders: { label: 'Session reminders', description: 'A reminder the day before a 1-on-1 session you booked.' },
};
