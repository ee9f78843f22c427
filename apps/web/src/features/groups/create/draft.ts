import { useEffect } from 'react';

/** The part of the create form kept across a reload (spec 2 §2, §9). */
export interface CreateDraft {
  name: string;
  description: string;
  groupId: number | null;
  categoryId: number | null;
}

export const DRAFT_KEY = 'createModal_formData';
export const DRAFT_DELAY_MS = 500;

const idOrNull = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

export function loadDraft(): CreateDraft | null {
  try {
    const raw = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<
      Record<keyof CreateDraft, unknown>
    > | null;
    if (!raw || typeof raw !== 'object') return null;
    return {
      name: typeof raw.name === 'string' ? raw.name : '',
      description: typeof raw.description === 'string' ? raw.description : '',
      groupId: idOrNull(raw.groupId),
      categoryId: idOrNull(raw.categoryId),
    };
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  localStorage.removeItem(DRAFT_KEY);
}

const isEmpty = (d: CreateDraft) => !d.name && !d.description && d.groupId === null && d.categoryId === null;

/** Saves the draft once typing pauses for 500 ms, while the form is open. */
export function useDraftAutosave(draft: CreateDraft, active: boolean): void {
  const { name, description, groupId, categoryId } = draft;
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => {
      const current = { name, description, groupId, categoryId };
      if (isEmpty(current)) clearDraft();
      else localStorage.setItem(DRAFT_KEY, JSON.stringify(current));
    }, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [name, description, groupId, categoryId, active]);
}
