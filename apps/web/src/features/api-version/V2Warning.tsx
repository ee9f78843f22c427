import { apiVersion, useApiVersionState } from '../../app/api-version';
import { Button, Modal } from '../../ui';
import { API_VERSION_TEXT } from './texts';

/**
 * The V2 warning popup of the signed-in shell (spec 3 §4): after a sign-in with v2 chosen on the login
 * screen's selector, or on the showV2Warning window event; once per browser session.
 */
export function V2Warning() {
  const { v2WarningDue } = useApiVersionState();
  const close = () => apiVersion.dismissV2Warning();
  return (
    <Modal
      open={v2WarningDue}
      onOpenChange={(open) => !open && close()}
      title={API_VERSION_TEXT.v2WarningTitle}
      description={API_VERSION_TEXT.v2Warning}
      size="sm"
      footer={
        <Button variant="primary" onClick={close}>
          I Understand
        </Button>
      }
    />
  );
}
