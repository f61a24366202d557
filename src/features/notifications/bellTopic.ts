/** The hub topic of one user's bell: heard only by that user's own stream (`GET /api/v1/notifications/stream`). */
export function bellTopic(userId: number): string {
  return `${BELL_TOPIC_PREFIX}${userId}`;
}

/** What every bell's topic starts with. */
export const BELL_TOPIC_PREFIX = 'notifications:';
