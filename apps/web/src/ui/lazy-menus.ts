import { useEffect } from 'react';
import { lazyModule, useLazyModule } from '../lib/lazy-module';
import { trackInputModality } from './input-modality';

/**
 * The open menus (Radix's menu, its positioning and focus handling, some 20 KB compressed) are a
 * chunk of their own: nothing on the first screen shows one until a person asks.
 */
export const menuSurfaces = lazyModule(() => import('./menu-surfaces'));

/** For a menu's trigger: the surfaces once their code is here (fetched when the page is idle). */
export function useMenuSurfaces() {
  useEffect(trackInputModality, []);
  return useLazyModule(menuSurfaces);
}
