import { z } from 'zod';

/** A user a message mentions, with the username as it was when the message was sent or edited. */
export const MentionedUser = z.object({ id: z.number(), username: z.string() });
export type MentionedUser = z.infer<typeof MentionedUser>;
