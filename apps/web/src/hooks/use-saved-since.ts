import { savedAnswersSince, type ShownAnswer } from '../lib/saved-answers';
import { useConnectivity } from './use-connectivity';

/**
 * When the oldest of the answers a page shows was fetched, while they are shown as saved (offline,
 * the server out of reach, a fetch waiting or failed); undefined while they are current. For
 * `AsOfNotice`.
 */
export function useSavedSince(...answers: ShownAnswer[]): number | undefined {
  const { isOffline } = useConnectivity();
  return savedAnswersSince(answers, isOffline);
}
