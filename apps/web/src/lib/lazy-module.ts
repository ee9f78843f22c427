import { createElement, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { whenIdle } from './intent';

/**
 * Code the first screen does not need, kept out of the initial bundle: fetched once the page is
 * idle (so a first click usually finds it here), or at once when something needs it sooner.
 */
export interface LazyModule<M> {
  /** Fetches the module (once; again after a failure) and resolves with it. */
  load(): Promise<M>;
  /** The module if it is here already, else null. */
  current(): M | null;
  /** Fetches the module when the page is next idle; only the first call counts. */
  loadWhenIdle(): void;
  subscribe(listener: () => void): () => void;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  let scheduled = false;
  const listeners = new Set<() => void>();
  const load = () =>
    (pending ??= importer().then(
      (module) => {
        loaded = module;
        listeners.forEach((listener) => listener());
        return module;
      },
      (error: unknown) => {
        // A failed fetch (offline, a new deploy) is tried again by the next use.
        pending = null;
        throw error;
      },
    ));
  return {
    load,
    current: () => loaded,
    loadWhenIdle: () => {
      if (scheduled) return;
      scheduled = true;
      whenIdle(() => void load().catch(() => undefined));
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The module once it is here (re-rendering then), else null. Mounting asks for it when the page
 * is idle, so the code is usually here before anyone needs it.
 */
export function useLazyModule<M>(module: LazyModule<M>): M | null {
  useEffect(() => module.loadWhenIdle(), [module]);
  return useSyncExternalStore(module.subscribe, module.current);
}

/**
 * A component whose code is a lazy module: rendered directly once the code is here, nothing until
 * then (its mounting fetches it). Not React's lazy(): its first render suspends even on code already
 * here, and React holds a revealed Suspense boundary back for up to 300 ms.
 */
export function lazyComponent<P extends object>(module: LazyModule<ComponentType<P>>): ComponentType<P> {
  return function Lazy(props: P) {
    const Loaded = useSyncExternalStore(module.subscribe, module.current);
    useEffect(() => {
      // A failed fetch leaves the place empty; coming back to it tries again.
      if (!Loaded) module.load().catch(() => undefined);
    }, [Loaded]);
    return Loaded ? createElement(Loaded, props) : null;
  };
}

/**
 * True from the first time `open` is, for the rest of the component's life: a lazily loaded menu or
 * dialog mounts at its first opening and then stays (closed), as Radix's roots do, so it can play
 * its closing and give focus back.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Adjusted while rendering, so it mounts in the same commit that opens it.
  if (open && !opened) setOpened(true);
  return opened || open;
}
