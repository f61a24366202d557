/** The hub topic of one user's bell: heard only by that user's own stream (`GET /api/v1/notifications/stream`). */
export function bellTopic(userId: number): string {
  return `notifications:${userId}`;
}
