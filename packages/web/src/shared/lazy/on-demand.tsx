import { type ComponentType, type ReactNode, useEffect, useState } from 'react';

/**
 * A component whose code loads on first use (a dialog, a detail tab, the date picker), without
 * React.lazy and Suspense. React holds back content that replaces a Suspense fallback until
 * 300 ms after the fallback was shown (its fallback throttle, react-dom's
 * `globalMostRecentFallbackTime + 300`), so a dialog behind React.lazy opened no sooner than
 * 300 ms after the click even when its chunk arrived in 20. Here the loaded component is set as
 * state and renders at once; until then `fallback` (nothing by default, or a function of the
 * props) stands in its place. A failed download is thrown to the nearest error boundary and
 * forgotten, so the next use asks again. `preload()` starts the download ahead of use.
 */
export type OnDemand<P extends object> = ComponentType<P> & { preload: () => Promise<ComponentType<P>> };

export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode | ((props: P) => ReactNode) = null,
): OnDemand<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  function OnDemandComponent(props: P) {
    const [state, setState] = useState<{ component?: ComponentType<P>; failure?: { error: unknown } }>(() => {
      return loaded ? { component: loaded } : {};
    });
    useEffect(() => {
      if (state.component || state.failure) return;
      let live = true;
      preload().then(
        (component) => live && setState({ component }),
        (error: unknown) => live && setState({ failure: { error } }),
      );
      return () => {
        live = false;
      };
    }, [state]);
    if (state.failure) throw state.failure.error;
    const Component = state.component;
    if (Component) return <Component {...props} />;
    return typeof fallback === 'function' ? fallback(props) : fallback;
  }
  return Object.assign(OnDemandComponent, { preload });
}
