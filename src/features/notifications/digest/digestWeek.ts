/**
 * When the weekly digest goes out: once a week at a configured day and hour in Asia/Tokyo (UTC+9 all year:
 * Japan keeps no daylight saving time), covering the seven days before that moment, keyed by the ISO week
 * (`2026-W48`) the moment falls in. Pure.
 */
import type { Settings } from '~/server/settings/schema';

/** Tokyo's offset from UTC, in ms. */
const TOKYO_OFFSET_MS = 9 * 3600_000;
const DAY_MS = 86_400_000;

/** When the digest goes out: `weekday` 0-6 (0 Sunday) and `hour` 0-23, Tokyo time. */
export interface DigestSchedule {
  weekday: number;
  hour: number;
}

/** The default: Monday 09:00 in Tokyo. */
export const DEFAULT_SCHEDULE: DigestSchedule = { weekday: 1, hour: 9 };

/** The schedule from `DIGEST_WEEKDAY` and `DIGEST_HOUR` (unset: {@link DEFAULT_SCHEDULE}). */
export function digestSchedule(settings: Pick<Settings, 'DIGEST_WEEKDAY' | 'DIGEST_HOUR'>): DigestSchedule {
  return { weekday: settings.DIGEST_WEEKDAY, hour: settings.DIGEST_HOUR };
}

/** The latest digest moment at or before `now`. */
export function latestDigestMoment(now: Date, schedule: DigestSchedule): Date {
  const local = now.getTime() + TOKYO_OFFSET_MS;
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  const weekday = new Date(midnight).getUTCDay();
  let moment = midnight - ((weekday - schedule.weekday + 7) % 7) * DAY_MS + schedule.hour * 3600_000;
  if (moment > local) moment -= 7 * DAY_MS;
  return new Date(moment - TOKYO_OFFSET_MS);
}

/** The ISO 8601 week (`2026-W48`) of `moment`'s date in Tokyo. */
export function isoWeek(moment: Date): string {
  const local = new Date(Math.floor((moment.getTime() + TOKYO_OFFSET_MS) / DAY_MS) * DAY_MS);
  const day = local.getUTCDay() || 7;
  // The Thursday of this week decides the year.
  const thursday = new Date(local.getTime() + (4 - day) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((thursday.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The digest due at `now`: its week key and the period it covers, or null more than a day after the moment. */
export function dueDigest(now: Date, schedule: DigestSchedule): { week: string; from: Date; to: Date } | null {
  const moment = latestDigestMoment(now, schedule);
  if (now.getTime() - moment.getTime() > DAY_MS) return null;
  return { week: isoWeek(moment), from: new Date(moment.getTime() - 7 * DAY_MS), to: moment };
}
