import { useId, useState, type FormEvent } from 'react';
import { useIsApiV2 } from '../../../app/api-version';
import { Button, Modal } from '../../../ui';
import { clearDraft, loadDraft, useDraftAutosave } from './draft';
import {
  initialForm,
  validateCreate,
  type CreateFormErrors,
  type CreateFormState,
  type CreateKind,
} from './create-form';
import { useCreateSubmit } from './useCreateSubmit';
import { TypeStep } from './TypeStep';
import { CreateFields } from './CreateFields';
import styles from './CreateModal.module.css';
import formStyles from '../Form.module.css';

/** How the modal was opened: with a kind it starts on that form, else on the type chooser. */
export interface CreateRequest {
  kind?: CreateKind;
  groupId?: number | null;
  categoryId?: number | null;
}

const TITLES: Record<CreateKind, string> = {
  channel: 'Create Channel',
  group: 'Create Group',
  category: 'Create Category',
};

export function CreateModal({ request, onClose }: { request: CreateRequest | null; onClose: () => void }) {
  // Mounted per opening, so each one starts from the saved draft and the caller's preset.
  return request ? <CreateDialog request={request} onClose={onClose} /> : null;
}

function CreateDialog({ request, onClose }: { request: CreateRequest; onClose: () => void }) {
  const [kind, setKind] = useState<CreateKind | null>(request.kind ?? null);
  const [form, setForm] = useState<CreateFormState>(() =>
    initialForm(loadDraft(), { groupId: request.groupId ?? null, categoryId: request.categoryId ?? null }),
  );
  const [errors, setErrors] = useState<CreateFormErrors>({});
  const { submit, pending } = useCreateSubmit();
  const formId = useId();
  // API v1 (the client's compatibility mode) has no voice: a channel is text, with no type to choose.
  const v2 = useIsApiV2();
  useDraftAutosave(form, true);

  const close = () => {
    clearDraft();
    onClose();
  };

  const change = (patch: Partial<CreateFormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    if ('name' in patch && patch.name?.trim()) setErrors((e) => ({ ...e, name: undefined }));
    if ('groupId' in patch && patch.groupId !== null) setErrors((e) => ({ ...e, group: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!kind || pending) return;
    const problems = validateCreate(kind, form);
    setErrors(problems);
    if (problems.name || problems.group) return;
    if (await submit(kind, form)) close();
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      title={kind ? TITLES[kind] : 'Create'}
      description={kind ? undefined : 'What would you like to create?'}
      preventClose={pending}
      footer={
        kind && (
          <>
            <Button
              variant="secondary"
              className={styles.back}
              disabled={pending}
              onClick={() => {
                setKind(null);
                setErrors({});
              }}
            >
              Back
            </Button>
            <Button variant="secondary" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={!form.name.trim() || pending}>
              {pending ? 'Creating...' : 'Create'}
            </Button>
          </>
        )
      }
    >
      {kind ? (
        <form id={formId} className={formStyles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
          <CreateFields
            kind={kind}
            form={form}
            errors={errors}
            disabled={pending}
            voice={v2}
            onChange={change}
            onNameBlur={() => setErrors((e) => ({ ...e, name: validateCreate(kind, form).name }))}
          />
        </form>
      ) : (
        <TypeStep voice={v2} onChoose={setKind} />
      )}
    </Modal>
  );
}
