import { useCallback, useEffect } from 'react';

function speechSynthesisOrNull(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window
    ? window.speechSynthesis
    : null;
}

/** Reads text aloud with the Web Speech API; `supported` is false where the browser has none. */
export function useReadAloud() {
  const synthesis = speechSynthesisOrNull();

  // Nothing keeps talking after the theater closes.
  useEffect(() => () => synthesis?.cancel(), [synthesis]);

  const speak = useCallback(
    (text: string) => {
      if (synthesis === null || typeof SpeechSynthesisUtterance === 'undefined') return;
      synthesis.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = document.documentElement.lang || 'en';
      utterance.rate = 0.95;
      synthesis.speak(utterance);
    },
    [synthesis],
  );
  const stop = useCallback(() => synthesis?.cancel(), [synthesis]);

  return { supported: synthesis !== null, speak, stop };
}
