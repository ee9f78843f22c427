import { z } from 'zod';
import { IdParams } from './common.js';
import type { Endpoint } from './endpoint-types.js';
import { MEDIA_PROXY_MAX_BYTES } from './link-preview-rules.js';

export * from './link-preview-rules.js';

/**
 * A preview of one link of a message: a page's card (`link`) from its OpenGraph and Twitter-card
 * tags, or a GIF linked from another site (`gif`), shown through the media proxy.
 */
export const Embed = z.object({
  type: z.enum(['link', 'gif']),
  url: z.string().describe('the link as written in the message (normalised)'),
  title: z.string().nullable(),
  description: z.string().nullable(),
  site_name: z.string().nullable(),
  image: z
    .string()
    .nullable()
    .describe("the picture, as a signed address of this server's media proxy (never the third party's)"),
  color: z.string().nullable().describe("the page's `theme-color`, as `#rrggbb`"),
});
export type Embed = z.infer<typeof Embed>;

/** `message_embeds_update`: a message's previews changed (fetched after the send, or removed by its author). */
export const MessageEmbedsUpdate = z.object({
  message_id: z.number(),
  channel_id: z.number().describe('the channel, or in a direct message the conversation (negative)'),
  group_id: z.number().nullable().describe('null in a direct message'),
  embeds: z.array(Embed),
});
export type MessageEmbedsUpdate = z.infer<typeof MessageEmbedsUpdate>;

export const MediaProxyQuery = z.object({
  url: z.string().min(1).max(4096).describe("the image's address"),
  expires: z.coerce.number().int().describe('when the address stops working (seconds since epoch)'),
  signature: z.string().min(1).max(128),
});

export const LINK_PREVIEW_ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'DELETE',
    path: '/message/:id/embeds',
    auth: 'user',
    status: 200,
    summary:
      "The author removes their channel message's link previews (403 for anyone else; 404 when the caller cannot view it). Viewers get `message_embeds_update` with no embeds; later edits do not bring them back.",
    limits: ['writePerUser'],
    params: IdParams,
    answer: MessageEmbedsUpdate,
  },
  {
    method: 'DELETE',
    path: '/dm/embeds/:id',
    auth: 'user',
    status: 200,
    summary:
      "The author removes their direct message's link previews (403 for the other participant, 404 for anyone else). Both get `message_embeds_update`.",
    limits: ['writePerUser'],
    params: IdParams,
    answer: MessageEmbedsUpdate,
  },
  {
    method: 'GET',
    path: '/media-proxy',
    auth: 'none',
    status: 200,
    summary: `An image of a link preview or a GIF linked from another site, fetched by the server so the reader's address never reaches the third party. Only by the signed, expiring address a message carries (403 otherwise); private and local addresses are refused, as for previews (502). Only PNG, JPEG, GIF, WebP and AVIF, told by their bytes, at most ${MEDIA_PROXY_MAX_BYTES / 1024 / 1024} MB (502 otherwise). Served with \`X-Content-Type-Options: nosniff\`.`,
    limits: ['mediaProxyPerIp'],
    query: MediaProxyQuery,
  },
];
