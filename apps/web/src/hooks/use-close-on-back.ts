import { useEffect, useRef } from 'react';

/**
 * The phone's Back closes an open dialog instead of leaving the page (issue 29): while a dialog
 * is open, the page has a history entry of its own, the same address marked with the dialog. Back
 * leaves that entry, which closes the dialog; a dialog closed otherwise (Cancel, Save) takes its
 * entry away again, so the next Back leaves the page as it would have.
 *
 * History changes one after another (`history.back()` is answered later, by a `popstate`): a
 * dialog that opens as another closes (the celebration after "Mark as done") pushes its entry
 * only once the other's is gone. An entry left behind by a dialog whose page navigated away (a
 * Save that opens the saved plan) is stepped over when Back reaches it.
 */

const DIALOG_KEY = 'kkbDialog';

let lastId = 0;
const openDialogs = new Set<number>();
let historyChanges: Promise<void> = Promise.resolve();
/** Our own `history.back()` is on its way: its `popstate` is not the parent's Back. */
let ownBacks = 0;

function dialogOf(state: unknown): number | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const id = (state as Record<string, unknown>)[DIALOG_KEY];
  return typeof id === 'number' ? id : undefined;
}

/** An entry of a dialog that is no longer open. */
const isLeftBehind = (state: unknown): boolean => {
  const id = dialogOf(state);
  return id !== undefined && !openDialogs.has(id);
};

/** One step back; resolves once the browser has moved (or, should it never say, soon after). */
function goBack(): Promise<void> {
  return new Promise((resolve) => {
    ownBacks += 1;
    const moved = () => {
      window.removeEventListener('popstate', moved);
      clearTimeout(timer);
      ownBacks -= 1;
      resolve();
    };
    const timer = setTimeout(moved, 1000);
    window.addEventListener('popstate', moved);
    window.history.back();
  });
}

async function leaveEntriesLeftBehind(): Promise<void> {
  while (isLeftBehind(window.history.state)) await goBack();
}

function queueHistoryChange(change: () => Promise<void> | void): void {
  historyChanges = historyChanges.then(change).catch(() => undefined);
}

let steppingOver = false;
function stepOverEntriesLeftBehind(): void {
  if (ownBacks > 0 || steppingOver || !isLeftBehind(window.history.state)) return;
  steppingOver = true;
  queueHistoryChange(async () => {
    await leaveEntriesLeftBehind();
    steppingOver = false;
  });
}

let listening = false;
function listenForEntriesLeftBehind(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', stepOverEntriesLeftBehind);
}

/**
 * While `open`, Back calls `onClose` (as Escape would). A dialog that stays open all the same (it
 * is saving) gets its entry back.
 */
export function useCloseOnBack(open: boolean, onClose: () => void): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    listenForEntriesLeftBehind();
    const id = ++lastId;
    openDialogs.add(id);
    let pushed = false;
    const push = () => {
      if (!openDialogs.has(id)) return;
      window.history.pushState({ ...(window.history.state ?? {}), [DIALOG_KEY]: id }, '');
      pushed = true;
    };
    queueHistoryChange(push);

    const onPopState = () => {
      if (!pushed || ownBacks > 0) return;
      const current = dialogOf(window.history.state);
      // Still on this dialog's entry, or on a later dialog's: not this one's Back.
      if (current !== undefined && current >= id) return;
      pushed = false;
      close.current();
      // Closed, the effect has ended by the next task; still open, it is back on its entry.
      setTimeout(() => queueHistoryChange(push), 0);
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      openDialogs.delete(id);
      queueHistoryChange(async () => {
        // Only its own entry, never one a navigation put there meanwhile.
        if (pushed && dialogOf(window.history.state) === id) {
          await goBack();
          await leaveEntriesLeftBehind();
        }
      });
    };
  }, [open]);
}
