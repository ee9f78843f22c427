import { createContext } from 'react';

/**
 * The author of the message being drawn: `:name:` that no emoji has is looked up among their
 * uploaded GIFs (spec 3: GIF names are used in chat as :name:). Their own, so each reader sees the
 * GIF the author meant, whoever else has one of that name. Undefined outside messages.
 */
export const ShortcodeAuthor = createContext<number | undefined>(undefined);
