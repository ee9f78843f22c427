import { lazyComponent, lazyModule } from '../../lib/lazy-module';

/**
 * The forgot-password, email-verification and reset-password views: a chunk of their own, since
 * hardly anyone needs them. The login form asks for it when the page is idle, so following its
 * 'Forgot password?' link finds it here; a mail's link opened in a fresh tab fetches it at once.
 */
export const preSignInViews = lazyModule(() => import('./PreSignInViews').then((m) => m.PreSignInViews));

export const PreSignInViews = lazyComponent(preSignInViews);
