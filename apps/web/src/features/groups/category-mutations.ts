import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, Channel } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { useToast } from '../../ui';
import { groupKeys } from './queries';
import { patchById, removeById, upsertById } from './cache-edits';
import { createFailureText, failureText } from './failure-text';

// Category create, rename and delete show at once and are undone if the server refuses (spec 2 §4).
// Each hook shows its own notices, so every caller says the same.

let nextTemporaryId = -1;

export function useCreateCategory() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ name, groupId }: { name: string; groupId: number }) =>
      http.post<Category>('/category', { name, group_id: groupId }),
    onMutate: async ({ name, groupId }) => {
      const key = groupKeys.categories(groupId);
      await qc.cancelQueries({ queryKey: key });
      const list = qc.getQueryData<Category[]>(key) ?? [];
      // Negative ids never clash with the server's, so the stand-in is easy to find and drop.
      const temporary: Category = {
        id: nextTemporaryId--,
        name,
        group_id: groupId,
        position: Math.max(0, ...list.map((c) => c.position + 1)),
        created_at: new Date().toISOString(),
      };
      qc.setQueryData<Category[]>(key, (current) => current && [...current, temporary]);
      return { temporaryId: temporary.id };
    },
    onSuccess: (category, { groupId }, context) => {
      qc.setQueryData<Category[]>(groupKeys.categories(groupId), (list) =>
        upsertById(removeById(list, context.temporaryId), category),
      );
      toast.success('Category created successfully');
    },
    onError: (error, { groupId }, context) => {
      if (context)
        qc.setQueryData<Category[]>(groupKeys.categories(groupId), (list) => removeById(list, context.temporaryId));
      toast.error('Create Category Failed', createFailureText('category', error));
    },
  });
}

export function useRenameCategory() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ category, name }: { category: Category; name: string }) =>
      http.patch<Category>(`/category/${category.id}`, { name }),
    onMutate: async ({ category, name }) => {
      await qc.cancelQueries({ queryKey: groupKeys.categories(category.group_id) });
      qc.setQueryData<Category[]>(groupKeys.categories(category.group_id), (list) =>
        patchById(list, category.id, { name }),
      );
    },
    onSuccess: (renamed) => {
      qc.setQueryData<Category[]>(groupKeys.categories(renamed.group_id), (list) => upsertById(list, renamed));
    },
    onError: (error, { category }) => {
      qc.setQueryData<Category[]>(groupKeys.categories(category.group_id), (list) =>
        patchById(list, category.id, { name: category.name }),
      );
      toast.error('Rename Category Failed', failureText(error, 'Failed to rename category'));
    },
  });
}

/** Its channels stay in the group, uncategorised; on failure they go back into it. */
export function useDeleteCategory() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (category: Category) => http.delete<void>(`/category/${category.id}`),
    onMutate: async (category) => {
      await qc.cancelQueries({ queryKey: groupKeys.categories(category.group_id) });
      await qc.cancelQueries({ queryKey: groupKeys.channels });
      const moved = (qc.getQueryData<Channel[]>(groupKeys.channels) ?? [])
        .filter((c) => c.category_id === category.id)
        .map((c) => c.id);
      qc.setQueryData<Category[]>(groupKeys.categories(category.group_id), (list) => removeById(list, category.id));
      qc.setQueryData<Channel[]>(groupKeys.channels, (list) =>
        list?.map((c) => (c.category_id === category.id ? { ...c, category_id: null } : c)),
      );
      return { moved };
    },
    onError: (error, category, context) => {
      qc.setQueryData<Category[]>(groupKeys.categories(category.group_id), (list) => upsertById(list, category));
      const moved = new Set(context?.moved);
      qc.setQueryData<Channel[]>(groupKeys.channels, (list) =>
        list?.map((c) => (moved.has(c.id) && c.category_id === null ? { ...c, category_id: category.id } : c)),
      );
      void qc.invalidateQueries({ queryKey: groupKeys.categories(category.group_id) });
      void qc.invalidateQueries({ queryKey: groupKeys.channels });
      toast.error('Delete Category Failed', failureText(error, 'Failed to delete category'));
    },
  });
}
