import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { ComingSoonPage } from '../shared/pages/coming-soon-page';
import { LoadingPage } from '../shared/pages/loading-page';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { RouteGate } from './route-gate';
import { type RouteDefinition, routes } from './routes';
import { loadedScreen, loadScreen } from './screens';

/**
 * A route's screen: rendered at once when its chunk has loaded (the start-up code asks for the
 * first screen's chunk as the app starts), else the loading page until it has. Not React.lazy
 * under Suspense: React holds back the content that replaces a Suspense fallback until 300 ms
 * after the fallback appeared (its fallback throttle), so a screen whose code arrived a moment
 * after the loading page showed waited idle for the rest of that time. A state update renders it
 * as soon as it is there. A failed download is thrown to the screen's error boundary.
 */
function RouteScreen({ route }: { route: RouteDefinition }) {
  const [screen, setScreen] = useState<{ Component: ComponentType } | undefined>(() => {
    const loaded = loadedScreen(route);
    return loaded ? { Component: loaded } : undefined;
  });
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (screen) return;
    let live = true;
    loadScreen(route)?.then(
      (Component) => live && setScreen({ Component }),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [route, screen]);
  if (failure) throw failure.error;
  if (!screen) return <LoadingPage />;
  return <screen.Component />;
}

/** A screen that fails to render shows the generic message inside the menu and footer. */
function ScreenBoundary({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary key={location.pathname}>{children}</ErrorBoundary>;
}

function routeObject(route: RouteDefinition): RouteObject {
  const screen =
    route.screen === null ? <ComingSoonPage title={route.title} /> : <RouteScreen key={route.path} route={route} />;
  return {
    path: route.path,
    element: (
      <RouteGate access={route.access}>
        <ScreenBoundary>
          <Suspense fallback={<LoadingPage />}>{screen}</Suspense>
        </ScreenBoundary>
      </RouteGate>
    ),
  };
}

const routeObjects: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [...routes.map(routeObject), { path: '*', element: <Navigate to="/404" replace /> }],
  },
];

/** The route table as React Router routes (declarative mode: no loaders, a smaller first chunk). */
export function AppRoutes() {
  return useRoutes(routeObjects);
}
