import type { DictionaryId } from './languages';
import type { WorkerReply, WorkerRequest } from './protocol';
import { checkableWords, type WordAt } from './word-rules';

/** Words the user added ('Add to dictionary'), kept in this browser. */
export const PERSONAL_WORDS_KEY = 'hearth:spellcheck-words';

function personalWords(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(PERSONAL_WORDS_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((w): w is string => typeof w === 'string') : [];
  } catch {
    return [];
  }
}

export function addPersonalWord(word: string): void {
  const list = personalWords();
  if (!list.includes(word)) localStorage.setItem(PERSONAL_WORDS_KEY, JSON.stringify([...list, word]));
}

type Pending = (reply: WorkerReply) => void;
/** A request before it is numbered. */
type Ask =
  Omit<Extract<WorkerRequest, { type: 'check' }>, 'id'> | Omit<Extract<WorkerRequest, { type: 'suggest' }>, 'id'>;

/**
 * The page's side of the spellcheck worker, created on first use (so the worker, nspell and the
 * dictionaries are never part of the first load). One per tab.
 */
export class SpellChecker {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();

  constructor(private createWorker: () => Worker) {}

  private ask(request: Ask): Promise<WorkerReply> {
    if (!this.worker) {
      this.worker = this.createWorker();
      this.worker.onmessage = (event: MessageEvent<WorkerReply>) => {
        this.pending.get(event.data.id)?.(event.data);
        this.pending.delete(event.data.id);
      };
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker!.postMessage({ ...request, id, personal: personalWords() } as WorkerRequest);
    });
  }

  /** The misspelt words of a text, where they are. */
  async misspellings(text: string, language: DictionaryId): Promise<WordAt[]> {
    const words = checkableWords(text);
    if (words.length === 0) return [];
    const reply = await this.ask({ type: 'check', language, words: words.map((w) => w.word) });
    if (!('misspelt' in reply)) return [];
    return words.filter((_, i) => reply.misspelt[i]);
  }

  async suggestions(word: string, language: DictionaryId): Promise<string[]> {
    const reply = await this.ask({ type: 'suggest', language, word });
    return 'suggestions' in reply ? reply.suggestions : [];
  }
}

let shared: SpellChecker | null = null;

/** The tab's spellchecker; its worker starts with the first check. */
export function spellChecker(): SpellChecker {
  shared ??= new SpellChecker(
    () => new Worker(new URL('./spellcheck.worker.ts', import.meta.url), { type: 'module', name: 'spellcheck' }),
  );
  return shared;
}
