import type { DictionaryId } from './languages';

export type WorkerRequest =
  | { type: 'check'; id: number; language: DictionaryId; words: string[]; personal?: string[] }
  | { type: 'suggest'; id: number; language: DictionaryId; word: string; personal?: string[] };

export type WorkerReply =
  { id: number; misspelt: boolean[] } | { id: number; suggestions: string[] } | { id: number; error: string };
