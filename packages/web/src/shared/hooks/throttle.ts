import { useCallback, useRef } from 'react';

/**
 * A leading-edge throttle: the first call runs, calls within `intervalMs` after it are dropped
 * (login 2000 ms, withdraw 5 s, re-authentication 1 s; spec core §9).
 */
export function createThrottle(intervalMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return function allow(): boolean {
    const t = now();
    if (t - last < intervalMs) return false;
    last = t;
    return true;
  };
}

export function useThrottledCallback<A extends unknown[]>(callback: (...args: A) => void, intervalMs: number) {
  const throttle = useRef(createThrottle(intervalMs));
  const latest = useRef(callback);
  latest.current = callback;
  return useCallback((...args: A) => {
    if (throttle.current()) latest.current(...args);
  }, []);
}
