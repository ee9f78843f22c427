import type { PreSignInView } from '../../app/routes';
import { EmailVerificationView } from './EmailVerificationView';
import { ForgotPasswordView } from './ForgotPasswordView';
import { ResetPasswordView } from './ResetPasswordView';

/** The pre-sign-in view an address names (see `preSignInView`), in place of the login form. */
export function PreSignInViews({ view }: { view: PreSignInView }) {
  switch (view) {
    case 'forgot-password':
      return <ForgotPasswordView />;
    case 'email-verification':
      return <EmailVerificationView />;
    case 'reset-password':
      return <ResetPasswordView />;
  }
}
