/// <reference lib="webworker" />
/*
 * The spellchecker's own thread: loads one Hunspell dictionary (fetched only when asked for) into
 * nspell and answers check and suggest requests, so building the dictionary (about a second for
 * English) and checking never hold up typing.
 */
import nspell from 'nspell';
import enAff from '@dictionaries/en/index.aff?url';
import enDic from '@dictionaries/en/index.dic?url';
import enGbAff from '@dictionaries/en-gb/index.aff?url';
import enGbDic from '@dictionaries/en-gb/index.dic?url';
import enAuAff from '@dictionaries/en-au/index.aff?url';
import enAuDic from '@dictionaries/en-au/index.dic?url';
import esAff from '@dictionaries/es/index.aff?url';
import esDic from '@dictionaries/es/index.dic?url';
import frAff from '@dictionaries/fr/index.aff?url';
import frDic from '@dictionaries/fr/index.dic?url';
import type { DictionaryId } from './languages';
import type { WorkerReply, WorkerRequest } from './protocol';

const FILES: Record<DictionaryId, [string, string]> = {
  en: [enAff, enDic],
  'en-gb': [enGbAff, enGbDic],
  'en-au': [enAuAff, enAuDic],
  es: [esAff, esDic],
  fr: [frAff, frDic],
};

const loaded = new Map<DictionaryId, Promise<ReturnType<typeof nspell>>>();

function dictionary(id: DictionaryId) {
  let pending = loaded.get(id);
  if (!pending) {
    pending = Promise.all(FILES[id].map((url) => fetch(url).then((r) => r.text()))).then(([aff, dic]) =>
      nspell(aff!, dic!),
    );
    loaded.set(id, pending);
  }
  return pending;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    const spell = await dictionary(request.language);
    for (const word of request.personal ?? []) spell.add(word);
    let reply: WorkerReply;
    if (request.type === 'check') {
      reply = { id: request.id, misspelt: request.words.map((w) => !spell.correct(w)) };
    } else {
      reply = { id: request.id, suggestions: spell.suggest(request.word).slice(0, 5) };
    }
    scope.postMessage(reply);
  } catch (err) {
    scope.postMessage({ id: request.id, error: String(err) } satisfies WorkerReply);
  }
};
