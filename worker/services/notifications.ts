/** What shoppers are told about their orders, written by the event queue's consumer. */
import { desc, eq } from "drizzle-orm";
import type { Database } from "@worker/db/client";
import { notifications, type Notification } from "@worker/db/schema";

export const NOTIFICATIONS_SHOWN = 20;

export const latestNotifications = (db: Database, userId: string): Promise<Notification[]> =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_SHOWN);
