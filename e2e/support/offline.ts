import type { TFamilyStats } from '@kkb/core/achievements/schema';
import type { TUserActivityList } from '@kkb/core/activities/user-activity';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The service worker controls the page: a navigation offline gets the app from its precache. Its
 * install fetches every asset, which took 18 to 37 s with two browsers on two shared cores.
 */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
}

/**
 * The answers the app saved for offline use, by query hash, with the size of each saved record
 * (its JSON). Read without creating the database: an upgrade here would leave the app a database
 * without its stores.
 */
export function savedQueries(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('kkb-offline');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve({});
        open.onsuccess = () => {
          const db = open.result;
          const sizes: Record<string, number> = {};
          const cursor = db.transaction('query-cache').objectStore('query-cache').openCursor();
          cursor.onerror = () => reject(cursor.error);
          cursor.onsuccess = () => {
            const current = cursor.result;
            if (current === null) {
              db.close();
              resolve(sizes);
              return;
            }
            sizes[String(current.key)] = JSON.stringify(current.value).length;
            current.continue();
          };
        };
      }),
  );
}

/** How many actions wait in the app's offline queue, read without creating the database. */
export function queuedActions(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('kkb-offline');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('offline-queue').objectStore('offline-queue').count();
          count.onerror = () => reject(count.error);
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
  );
}

/** Favourite, then 'Mark as done' with 15 minutes, offline: both shown at once. */
export async function favouriteAndMarkDone(page: Page): Promise<void> {
  const favourite = page.getByRole('button', { name: 'Favourite' });
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Mark as done' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as done' });
  await dialog.getByRole('spinbutton', { name: 'Minutes' }).fill('15');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText("Marked as done. Nice work! It will sync when you're back online."),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tried' })).toHaveAttribute('aria-pressed', 'true');
}

/**
 * Whether the device holds the family's part of the catalogue (issue 30), read without creating
 * the database.
 */
export function catalogueHeld(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('kkb-offline');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('catalogue').objectStore('catalogue').count('family');
          count.onerror = () => reject(count.error);
          count.onsuccess = () => {
            db.close();
            resolve(count.result === 1);
          };
        };
      }),
  );
}

/** Empties the catalogue the device holds (issue 30), as on a device that never fetched it. */
export function forgetHeldCatalogue(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('kkb-offline');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve();
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('catalogue')) {
            db.close();
            resolve();
            return;
          }
          const clear = db.transaction('catalogue', 'readwrite').objectStore('catalogue').clear();
          clear.onerror = () => reject(clear.error);
          clear.onsuccess = () => {
            db.close();
            resolve();
          };
        };
      }),
  );
}

/**
 * What the server has of the family of `token` that offline actions change: the activity's marks
 * and the family's completions and minutes.
 */
export async function activityOnServer(
  request: APIRequestContext,
  token: string,
  activityId: string,
): Promise<{ favorite: boolean; tried: boolean; completions: number; minutes: number }> {
  const headers = { Authorization: `Bearer ${token}` };
  const records = (await (
    await request.get('/api/v1/user-activities', { headers })
  ).json()) as TUserActivityList;
  const stats = (await (await request.get('/api/v1/stats', { headers })).json()) as TFamilyStats;
  const record = records.userActivities.find((r) => r.activityId === activityId);
  return {
    favorite: record?.favorite ?? false,
    tried: record?.tried ?? false,
    completions: stats.totalActivities,
    minutes: stats.totalTimeSpent,
  };
}
