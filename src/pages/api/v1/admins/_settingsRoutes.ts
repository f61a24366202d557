/**
 * The routes of one admin setting (card payment fees, tax settings, auction reserves), written once: `GET`
 * (admins) answers the setting as it stands, `PUT` (admins) checks the body with the setting's schema, stores it
 * for the admin (audited by the setting's own writer) and answers the setting as it now stands. Not a route
 * itself (its name starts with `_`).
 */
import type { z } from 'zod';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import type { Database } from '~/server/db/types';

/** An admin setting: the body its `PUT` takes, how it is read and how it is written. */
export interface AdminSetting<S extends z.ZodType> {
  schema: S;
  read: (db: Database) => Promise<unknown>;
  write: (db: Database, adminId: number, input: z.output<S>) => Promise<unknown>;
}

/** `GET` and `PUT` of `setting` (see the module comment). */
export function settingsRoutes<S extends z.ZodType>(setting: AdminSetting<S>) {
  return {
    GET: apiRoute(async (ctx) => {
      requireAdmin(ctx);
      return json(await setting.read(await database()));
    }),
    PUT: apiRoute(async (ctx) => {
      const { adminId } = requireAdmin(ctx);
      const input = await readJson(ctx.request, setting.schema);
      return json(await setting.write(await database(), adminId, input));
    }),
  };
}
