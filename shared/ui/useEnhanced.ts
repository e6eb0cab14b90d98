import { useEffect, useState } from 'react';

/**
 * False in the server render and in the first client render (so hydration
 * matches), true once the script runs. Components use it to switch from
 * their no-JavaScript form (plain links) to their scripted form (ARIA widgets).
 */
export function useEnhanced(): boolean {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return enhanced;
}
